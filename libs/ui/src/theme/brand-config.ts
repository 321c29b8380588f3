import { defineConfig } from '@chakra-ui/react';
import { recipes, slotRecipes } from './recipes';

// 'Inter Fallback' (first-load.css) stands in, at Inter's size, until Inter's file arrives. Through
// first-load.css's --cs-font-body where the page has it, so the signed-in console follows the page's
// choice too: on a constrained link the stand-in for good, and none of Inter's files crosses it
// (apps/console fonts.ts; before, the welcome's headings fetched Inter's 600 face, 25 KB, during the
// sign-in, issue 30). Where it is not set (Storybook) the stack is the same as the page's default.
const fontStack = "var(--cs-font-body, 'Inter', 'Inter Fallback', 'DejaVu Sans', sans-serif)";

/**
 * CampoSense tokens on top of Chakra's defaults: a field-green brand, bundled fonts. Both systems
 * (the signed-out one and the full one) merge it last, so they agree on every token and on our
 * own recipes (`recipes/`), which components find by key (`createRecipeContext({ key: 'panel' })`).
 */
export const brandConfig = defineConfig({
  globalCss: {
    'html, body, #root': { minHeight: '100%', height: '100%' },
    body: { bg: 'bg', color: 'fg', fontFamily: 'body' },
  },
  theme: {
    recipes,
    slotRecipes,
    tokens: {
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
        mono: { value: "'JetBrains Mono', monospace" },
      },
      colors: {
        brand: {
          50: { value: '#ecfdf3' },
          100: { value: '#d1fadf' },
          200: { value: '#a6f4c5' },
          300: { value: '#6ce9a6' },
          400: { value: '#32d583' },
          500: { value: '#12b76a' },
          600: { value: '#039855' },
          700: { value: '#027a48' },
          800: { value: '#05603a' },
          900: { value: '#054f31' },
          950: { value: '#053321' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          // White on brand.600 is 3.7:1; brand.700 gives the 4.5:1 that text on a button needs.
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.500}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
        surface: {
          page: { value: { _light: '{colors.gray.50}', _dark: '#0b1410' } },
          card: { value: { _light: 'white', _dark: '#111d17' } },
          raised: { value: { _light: '{colors.gray.100}', _dark: '#17271f' } },
        },
        // Contrast (WCAG AA, 4.5:1 for text; checked by the stories' axe run): Chakra's 600 greens
        // and oranges carry white text at 3.3–3.6:1 and stand on white at 3.3–3.6:1, so the solid
        // fills, the section accents and the error text take one step darker in the light theme.
        // Between Chakra's 600 and 700 (whose 700s are near-brown): white text on it is 5.0:1.
        green: { solid: { value: '#15803d' } },
        // Light: white text at 5.2:1. Dark keeps orange.600, whose text is black there (5.9:1).
        orange: { solid: { value: { _light: '#c2410c', _dark: '{colors.orange.600}' } } },
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        section: {
          parameters: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.400}' } },
          reports: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } },
          thresholds: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.400}' } },
        },
      },
    },
  },
});
