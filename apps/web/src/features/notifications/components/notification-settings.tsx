import { useEffect, useState } from 'react';
import { Button, Card, Divider, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { showMessage, showNotice } from '../../../lib/notices';
import {
  NotificationSettingsQuery,
  SaveNotificationSettingsMutation,
  SETTING_KEYS,
  type NotificationSettingsData,
} from '../api/notifications';

/** The viewer's notification settings (spec §3) and the daily digest, on /user-profile. */
export function NotificationSettings() {
  const { t } = useTranslation(['notifications', 'common']);
  const [{ data }] = useQuery({ query: NotificationSettingsQuery });
  const [{ fetching }, save] = useMutation(SaveNotificationSettingsMutation);
  const [value, setValue] = useState<NotificationSettingsData | null>(null);
  useEffect(() => {
    if (data) setValue(data.getUserNotificationSettings);
  }, [data]);
  if (!value) return null;
  const toggle = (key: keyof NotificationSettingsData) => (
    <Switch
      key={key}
      label={t(`settings.fields.${key}`)}
      checked={value[key]}
      onChange={(e) => setValue({ ...value, [key]: e.currentTarget.checked })}
      data-testid={`notification-setting-${key}`}
    />
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="notification-settings">
      <Title order={2} size="h4" mb={4}>
        {t('settings.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('settings.lead')}
      </Text>
      <Stack gap="sm">
        {toggle('push')}
        <Divider label={t('settings.kinds')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {SETTING_KEYS.filter((k) => k !== 'push').map((k) => toggle(k))}
        </SimpleGrid>
        <Divider />
        <Switch
          label={t('settings.fields.digest')}
          description={t('settings.digestHint')}
          checked={value.digest}
          onChange={(e) => setValue({ ...value, digest: e.currentTarget.checked })}
          data-testid="notification-setting-digest"
        />
        <Group justify="flex-end">
          <Button
            loading={fetching}
            onClick={async () => {
              const r = await save(value);
              const done = r.data?.saveUserNotificationSettings;
              if (done) {
                showNotice(done);
                setValue(done.settings);
              } else showMessage(r.error?.graphQLErrors[0]?.message ?? t('common:errors.network'), false);
            }}
            data-testid="notification-settings-save"
          >
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
