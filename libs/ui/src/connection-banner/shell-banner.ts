import type { FlexProps } from '@chakra-ui/react';

/**
 * The frame of the banners under the header (the lost-connection banner, the offline notice): one
 * look, told apart by their palette.
 */
export function shellBannerProps(palette: 'red' | 'orange'): FlexProps {
  return {
    align: 'center',
    gap: '3',
    px: { base: '3', md: '4' },
    py: '2',
    bg: `${palette}.subtle`,
    color: `${palette}.fg`,
    borderBottomWidth: '1px',
    borderColor: `${palette}.muted`,
    flexShrink: 0,
  };
}
