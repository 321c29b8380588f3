import { mergeNamespaces } from '../merge';
import { esNotifications } from './notifications';
import { esParameters } from './parameters';
import { esReports } from './reports';
import { esSettings } from './settings';
import { esShell } from './shell';
import { esThresholds } from './thresholds';

/** Every Spanish text in one tree: the server's messages and the tests that read a text by its path. */
export const es = mergeNamespaces(esShell, esReports, esParameters, esThresholds, esSettings, esNotifications);
