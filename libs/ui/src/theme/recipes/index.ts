import { panelRecipe } from './panel';
import { stateViewRecipe } from './state-view';
import { statusCardSlotRecipe } from './status-card';

/** CampoSense's own recipes, registered in both systems (through the brand config) by key. */
export const recipes = { panel: panelRecipe, stateView: stateViewRecipe };

/** CampoSense's own slot recipes, registered like `recipes`. */
export const slotRecipes = { statusCard: statusCardSlotRecipe };
