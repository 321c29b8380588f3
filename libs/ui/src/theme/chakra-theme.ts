import { defineConfig } from '@chakra-ui/react';
import type { SystemConfig } from '@chakra-ui/react';
import { breakpoints, cssVarsPrefix, cssVarsRoot, globalCss, layerStyles, semanticTokens, textStyles, tokens } from '@chakra-ui/react/theme';

type Theme = NonNullable<SystemConfig['theme']>;

/** What differs between the signed-out system and the full one. */
export interface ChakraThemeParts {
  recipes: NonNullable<Theme['recipes']>;
  slotRecipes: NonNullable<Theme['slotRecipes']>;
  /** Each becomes an `@keyframes` rule in the global styles. */
  keyframes: NonNullable<Theme['keyframes']>;
  animationStyles?: Theme['animationStyles'];
}

/**
 * Chakra's default theme (what its `defaultConfig` adds to `defaultBaseConfig`) with the recipes
 * and animations chosen by the caller. Built from the pieces instead of importing `defaultConfig`:
 * that one lives in the module that defines the pieces too, and a module goes whole into one
 * chunk, so any screen that used a token would download every recipe.
 */
export function chakraThemeConfig({ recipes, slotRecipes, keyframes, animationStyles }: ChakraThemeParts) {
  return defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, ...(animationStyles ? { animationStyles } : {}) },
  });
}
