import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  buttonRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  spinnerRecipe,
} from '@chakra-ui/react/theme';
import { brandConfig } from './brand-config';
import { chakraThemeConfig } from './chakra-theme';

/**
 * The first screen's system: Chakra's tokens, global styles and conditions as in the full system,
 * but only the recipes of the signed-out screens (the session check, the login, a chunk that
 * failed to load) and the one animation they use (the spinner's). Chakra's ~80 recipes and its
 * keyframes are most of its weight; the full system comes with the signed-in shell's chunk. A
 * component added to these screens needs its recipe here (the login-bundle budget of `npm test`
 * and the e2e journey's screenshot comparison tell when something is missing or too heavy).
 */
export const signedOutSystem = createSystem(
  defaultBaseConfig,
  chakraThemeConfig({
    recipes: { button: buttonRecipe, heading: headingRecipe, icon: iconRecipe, input: inputRecipe, spinner: spinnerRecipe },
    slotRecipes: { alert: alertSlotRecipe, field: fieldSlotRecipe },
    // Chakra's own `spin`, as its keyframes token defines it.
    keyframes: { spin: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } } },
  }),
  brandConfig,
);
