import { zodResolver } from '@hookform/resolvers/zod';
import { Group, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Controller, useForm } from 'react-hook-form';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { useFieldError } from '../../../components/form/field-base';
import { TextField } from '../../../components/form/text-field';
import type { LocationSettingData } from '../api/fragments';
import { SaveNotificationSettingsMutation, UpdateTeamNotificationMutation } from '../api/locations.mutation';
import { useFinish } from '../hooks/use-finish';
import { fieldsOf, optionalTime, SaveRow, SETTINGS_CONTEXT, SettingsSection } from './settings-section';

const teamSchema = z.object({
  emails: z.array(z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'setup:validation.email')).max(20, 'setup:validation.tooMany'),
  phones: z.array(z.string().regex(/^[+\d\s().-]{7,}$/, 'setup:validation.phone')).max(20, 'setup:validation.tooMany'),
  signup_notification_email: z.boolean(),
  signup_notification_phone: z.boolean(),
  app: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
});

function TeamNotificationForm({ setting }: { setting: LocationSettingData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const errorText = useFieldError();
  const [, save] = useMutation(UpdateTeamNotificationMutation);
  const { location_id, ...defaults } = setting.team_notification;
  const { control, handleSubmit, formState, setError } = useForm<z.infer<typeof teamSchema>>({
    resolver: zodResolver(teamSchema),
    defaultValues: defaults,
  });
  const listError = (e: unknown) => {
    const first = Array.isArray(e) ? e.find(Boolean) : e;
    return errorText(first as never);
  };
  return (
    <SettingsSection title={t('setup:settings.teamTitle')} lead={t('setup:settings.teamLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.teamTitle')}
        onSubmit={handleSubmit(async (v) => {
          const r = await save({ location_id, ...v }, SETTINGS_CONTEXT);
          finish(r.error, r.data?.updateTeamNotification, { setError, fields: fieldsOf(defaults) });
        })}
      >
        <Stack gap="sm">
          <Controller
            control={control}
            name="emails"
            render={({ field, fieldState }) => (
              <TagsInput
                label={t('setup:settings.teamEmails')}
                description={t('setup:settings.enterToAdd')}
                value={field.value}
                onChange={field.onChange}
                error={listError(fieldState.error ?? formState.errors.emails)}
              />
            )}
          />
          <Controller
            control={control}
            name="phones"
            render={({ field, fieldState }) => (
              <TagsInput
                label={t('setup:settings.teamPhones')}
                description={t('setup:settings.enterToAdd')}
                value={field.value}
                onChange={field.onChange}
                error={listError(fieldState.error ?? formState.errors.phones)}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <CheckboxField control={control} name="signup_notification_email" label={t('setup:settings.signupByEmail')} />
            <CheckboxField control={control} name="signup_notification_phone" label={t('setup:settings.signupByPhone')} />
            <CheckboxField control={control} name="app" label={t('setup:settings.channelApp')} />
            <CheckboxField control={control} name="email" label={t('setup:settings.channelEmail')} />
            <CheckboxField control={control} name="sms" label={t('setup:settings.channelSms')} />
          </SimpleGrid>
          <SaveRow busy={formState.isSubmitting} testId="save-team-notification" />
        </Stack>
      </form>
    </SettingsSection>
  );
}

const parentNotificationSchema = z.object({
  alert_email: z.boolean(),
  alert_sms: z.boolean(),
  alert_app: z.boolean(),
  alert_time: optionalTime,
  send_parent_activity_report: z.boolean(),
  send_parent_activity_report_time: optionalTime,
});

function ParentNotificationForm({ setting }: { setting: LocationSettingData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, save] = useMutation(SaveNotificationSettingsMutation);
  const a = setting.check_in_parent_alert;
  const { control, handleSubmit, formState, setError } = useForm<z.infer<typeof parentNotificationSchema>>({
    resolver: zodResolver(parentNotificationSchema),
    defaultValues: {
      alert_email: a.email,
      alert_sms: a.sms,
      alert_app: a.app,
      alert_time: a.time ?? '',
      send_parent_activity_report: setting.send_parent_activity_report,
      send_parent_activity_report_time: setting.send_parent_activity_report_time ?? '',
    },
  });
  return (
    <SettingsSection title={t('setup:settings.parentNotificationTitle')} lead={t('setup:settings.parentNotificationLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.parentNotificationTitle')}
        onSubmit={handleSubmit(async (v) => {
          const r = await save({
            location_id: setting.location_id,
            check_in_parent_alert: { email: v.alert_email, sms: v.alert_sms, app: v.alert_app, time: v.alert_time || null },
            send_parent_activity_report: v.send_parent_activity_report,
            send_parent_activity_report_time: v.send_parent_activity_report_time || null,
          });
          finish(r.error, r.data?.saveLocationNotificationSettings, {
            setError,
            fields: ['send_parent_activity_report', 'send_parent_activity_report_time'],
          });
        })}
      >
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {t('setup:settings.checkInAlert')}
          </Text>
          <Group gap="lg">
            <CheckboxField control={control} name="alert_email" label={t('setup:settings.channelEmail')} />
            <CheckboxField control={control} name="alert_sms" label={t('setup:settings.channelSms')} />
            <CheckboxField control={control} name="alert_app" label={t('setup:settings.channelApp')} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField control={control} name="alert_time" label={t('setup:settings.alertTime')} type="time" />
            <div />
            <CheckboxField control={control} name="send_parent_activity_report" label={t('setup:settings.activityReport')} />
            <TextField
              control={control}
              name="send_parent_activity_report_time"
              label={t('setup:settings.activityReportTime')}
              type="time"
            />
          </SimpleGrid>
          <SaveRow busy={formState.isSubmitting} />
        </Stack>
      </form>
    </SettingsSection>
  );
}

/** The notifications tab: who on the team hears of sign-ups, and what parents are sent. */
export function NotificationsForm({ setting }: { setting: LocationSettingData }) {
  return (
    <Stack>
      <TeamNotificationForm setting={setting} />
      <ParentNotificationForm setting={setting} />
    </Stack>
  );
}
