import type { UmbralPlace } from '@camposense/domain';

/** Where a threshold applies, with the names the panel shows. */
export type ThresholdPlace = UmbralPlace;
