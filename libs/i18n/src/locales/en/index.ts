import { mergeNamespaces } from '../merge';
import { enNotifications } from './notifications';
import { enParameters } from './parameters';
import { enReports } from './reports';
import { enSettings } from './settings';
import { enShell } from './shell';
import { enThresholds } from './thresholds';

/** Every English text in one tree: the server's messages and the tests that read a text by its path. */
export const en = mergeNamespaces(enShell, enReports, enParameters, enThresholds, enSettings, enNotifications);
