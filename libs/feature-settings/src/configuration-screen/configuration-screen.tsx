import { Badge, Box, Button, Card, Checkbox, DataList, Flex, Heading, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { APP_VERSION } from '@camposense/domain';
import { useAccess, useTimeZoneSource } from '@camposense/data-access';
import { browserTimeZone, formatLongDate, formatZoneName, isLanguage, useDisplayTimeZone, useTranslation, type Language } from '@camposense/i18n';
import { showToast, useColorMode } from '@camposense/ui';
import { BellRing, Building2, Clock, Info, KeyRound, Languages, Moon, RotateCcw, Save, SlidersHorizontal, Sun } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { IngestKeysSetting } from './ingest-keys-setting';
import { LanguageChoice, MessageLanguageSetting } from './message-language-setting';
import { MyAccessSetting } from './my-access-setting';
import {
  clearPreferences,
  DEFAULT_PREFERENCES,
  loadPreferences,
  PREFERENCE_KEYS,
  savePreferences,
  type AdvancedPreferences,
  type PreferenceKey,
} from './preferences';

export interface ConfigurationScreenProps {
  /** The signed-in user's id or e-mail: the advanced preferences are kept per user in this browser. */
  userKey: string;
  /** The moment whose date the system card shows; stories fix it. @default the time of mounting */
  now?: Date;
  /** The IANA time zone of that date. @default the console's display zone (the farm's, or the browser's by the setting) */
  timeZone?: string;
  /** An admin: the ingest keys of the gateways are managed here too. @default false */
  canManageIngestKeys?: boolean;
}

function SettingsCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card.Root bg="surface.card" variant="outline">
      <Card.Header pb="2">
        <Flex align="center" gap="2" color="brand.fg">
          {icon}
          <Heading as="h2" size="md" color="fg">
            {title}
          </Heading>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}

/** Issue 16: farm events in the farm's zone, or in this browser's when the person asks for it. */
function TimeZoneSetting() {
  const { t } = useTranslation();
  const [source, setSource] = useTimeZoneSource();
  const { timeZone } = useDisplayTimeZone();
  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm">
        {t('timeZone.settingDescription')}
      </Text>
      <Switch.Root checked={source === 'browser'} onCheckedChange={(details) => setSource(details.checked ? 'browser' : 'farm')} colorPalette="brand">
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{t('timeZone.useBrowser', { zone: browserTimeZone() })}</Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" data-testid="time-zone-current">
        {t('timeZone.current', { zone: formatZoneName(timeZone) })}
      </Text>
    </Stack>
  );
}

/** The configuration tab: language, theme, advanced preferences and what the system is running. */
export function ConfigurationScreen({ userKey, now, timeZone: timeZoneProp, canManageIngestKeys = false }: ConfigurationScreenProps) {
  const { t, i18n } = useTranslation();
  const display = useDisplayTimeZone();
  const timeZone = timeZoneProp ?? display.timeZone;
  const { colorMode, toggleColorMode } = useColorMode();
  const [mountedAt] = useState(() => new Date());
  const [advanced, setAdvanced] = useState(false);
  const access = useAccess();
  const [preferences, setPreferences] = useState<AdvancedPreferences>(() => loadPreferences(userKey));
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'es';

  const changeLanguage = (next: string | null) => {
    // i18next's detector stores the choice under `language`, so a reload keeps it.
    if (isLanguage(next) && next !== language) void i18n.changeLanguage(next);
  };

  const setPreference = (key: PreferenceKey, value: boolean) => setPreferences((current) => ({ ...current, [key]: value }));

  const save = () => {
    if (savePreferences(userKey, preferences)) {
      showToast({ type: 'success', title: t('settings.savedTitle'), message: t('settings.savedMessage') });
    } else {
      showToast({ type: 'error', title: t('settings.saveFailedTitle'), message: t('settings.saveFailedMessage') });
    }
  };

  const reset = () => {
    clearPreferences(userKey);
    setPreferences({ ...DEFAULT_PREFERENCES });
    showToast({ type: 'success', title: t('settings.resetTitle'), message: t('settings.resetMessage') });
  };

  const systemFacts: { label: string; value: ReactNode }[] = [
    { label: t('settings.systemVersion'), value: <Badge colorPalette="brand">{APP_VERSION}</Badge> },
    // The zone named beside the date: the farm's is not always the one of the clock on the wall.
    { label: t('settings.systemDate'), value: t('settings.systemDateInZone', { date: formatLongDate(now ?? mountedAt, language, { timeZone }) ?? '', zone: formatZoneName(timeZone, now ?? mountedAt) }) },
    { label: t('settings.systemLanguage'), value: t(`language.${language}`) },
    { label: t('settings.systemTheme'), value: t(`theme.${colorMode}`) },
  ];

  return (
    <Box p={{ base: '4', md: '8' }} maxW="64rem" mx="auto" w="full">
      <Stack gap="6">
        {/* The actions sit beside the title so they are in reach without scrolling past the cards. */}
        <Flex gap="4" justify="space-between" align={{ base: 'flex-start', md: 'center' }} wrap="wrap">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {t('settings.title')}
            </Heading>
            <Text color="fg.muted">{t('settings.subtitle')}</Text>
          </Stack>
          <Flex gap="3" wrap="wrap">
            <Button variant="outline" onClick={reset}>
              <RotateCcw aria-hidden />
              {t('settings.reset')}
            </Button>
            <Button colorPalette="brand" onClick={save}>
              <Save aria-hidden />
              {t('settings.save')}
            </Button>
          </Flex>
        </Flex>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <SettingsCard icon={<Languages size={20} aria-hidden />} title={t('settings.languageTitle')}>
            <Stack gap="4">
              <LanguageChoice value={language} onChange={changeLanguage} description={t('settings.languageDescription')} />
              <Box borderRadius="md" bg="surface.raised" px="4" py="3">
                <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                  {t('settings.languagePreview')}
                </Text>
                <Text fontWeight="bold" fontSize="lg" letterSpacing="tight">
                  {t('welcome.title', { lng: language })}
                </Text>
              </Box>
            </Stack>
          </SettingsCard>

          <SettingsCard icon={colorMode === 'dark' ? <Moon size={20} aria-hidden /> : <Sun size={20} aria-hidden />} title={t('settings.themeTitle')}>
            <Stack gap="4" align="flex-start">
              <Text>
                {t('settings.themeCurrent', { theme: t(`theme.${colorMode}`) })}
              </Text>
              <Button variant="outline" onClick={toggleColorMode}>
                {colorMode === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
                {colorMode === 'dark' ? t('theme.toLight') : t('theme.toDark')}
              </Button>
            </Stack>
          </SettingsCard>
        </SimpleGrid>

        {/* Kept in this browser like the language and the theme, and applied at once, without GUARDAR. */}
        <SettingsCard icon={<Clock size={20} aria-hidden />} title={t('timeZone.settingTitle')}>
          <TimeZoneSetting />
        </SettingsCard>

        {/* Kept by the API for the notifier, not in this browser: it changes at once, without GUARDAR. */}
        <SettingsCard icon={<BellRing size={20} aria-hidden />} title={t('settings.messageLanguageTitle')}>
          <MessageLanguageSetting />
        </SettingsCard>

        {/* The user's own grant, read-only (issue 32): only an admin changes it, in the parameters area. */}
        {access && (
          <SettingsCard icon={<Building2 size={20} aria-hidden />} title={t('settings.access.title')}>
            <MyAccessSetting />
          </SettingsCard>
        )}

        {canManageIngestKeys && (
          <SettingsCard icon={<KeyRound size={20} aria-hidden />} title={t('settings.ingestKeys.title')}>
            <IngestKeysSetting />
          </SettingsCard>
        )}

        <SettingsCard icon={<SlidersHorizontal size={20} aria-hidden />} title={t('settings.preferencesTitle')}>
          <Stack gap="5">
            <Switch.Root checked={advanced} onCheckedChange={(details) => setAdvanced(details.checked)} colorPalette="brand">
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>{t('settings.advancedMode')}</Switch.Label>
            </Switch.Root>
            {advanced ? (
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                {PREFERENCE_KEYS.map((key) => (
                  <Checkbox.Root
                    key={key}
                    checked={preferences[key]}
                    onCheckedChange={(details) => setPreference(key, details.checked === true)}
                    colorPalette="brand"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t(`settings.${key}`)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
            ) : (
              <Text color="fg.muted" fontSize="sm">
                {t('settings.basicModeHint')}
              </Text>
            )}
          </Stack>
        </SettingsCard>

        <SettingsCard icon={<Info size={20} aria-hidden />} title={t('settings.systemTitle')}>
          <DataList.Root orientation="horizontal" gap="3">
            {systemFacts.map((fact) => (
              <DataList.Item key={fact.label}>
                <DataList.ItemLabel minW="10rem">{fact.label}</DataList.ItemLabel>
                <DataList.ItemValue>{fact.value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </SettingsCard>
      </Stack>
    </Box>
  );
}
