import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Controller, useForm, type FieldValues, type Path } from 'react-hook-form';
import { useClient, useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { NumberField } from '../../../components/form/number-field';
import { TextField } from '../../../components/form/text-field';
import { QrCode } from '../../../components/qr-code';
import { useFieldError } from '../../../components/form/field-base';
import { DateTimeText } from '../../../components/formatted';
import { fieldErrors } from '../../../lib/graphql-errors';
import { paths } from '../../../lib/paths';
import type { LocationData, LocationSettingData } from '../api/fragments';
import {
  GenerateLocationQrMutation,
  SaveAddressSettingsMutation,
  SaveCheckInQrSettingMutation,
  SaveLoginSettingsMutation,
  SaveNotificationSettingsMutation,
  SaveParentSettingsMutation,
  SaveSignupSettingsMutation,
  SendLocationEmailCodeMutation,
  UpdateLocationBillingMutation,
  UpdateLocationBillingRequestMutation,
  UpdateLocationSignupCodeMutation,
  UpdateTeamNotificationMutation,
  VerifyLocationEmailCodeMutation,
} from '../api/locations.mutation';
import { CheckLocationCodeQuery, LocationSettingQuery } from '../api/locations.query';
import { useFinish } from '../hooks/use-finish';

/** The Location-settings tabs of spec §3, in menu order. */
export const SETTINGS_TABS = ['limits', 'signup', 'notifications', 'parents', 'check-in', 'defaults', 'email', 'billing'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const SETTINGS_CONTEXT = { additionalTypenames: ['LocationSetting', 'Location', 'TeamNotification'] };

const EDITABLE_FIELDS = [
  'fname',
  'middle_name',
  'lname',
  'nick_name',
  'image',
  'dob',
  'gender',
  'race',
  'ethnicity',
  'allergies',
  'medications',
  'doctor_name',
  'doctor_phone',
  'note',
  'street_1',
  'street_2',
  'city',
  'state',
  'country',
  'zip',
] as const;

const QR_EXPIRY = ['1h', '12h', '24h', '7d', '30d'] as const;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalCount = z.number().int('setup:validation.whole').min(0, 'setup:validation.notNegative').nullable().optional();
const optionalTime = z.string().refine((v) => v === '' || TIME.test(v), 'setup:validation.time');

/** The settings of one location, the tab chosen by the caller. */
export function LocationSettingsPanel({ locationId, tab }: { locationId: string; tab: SettingsTab }) {
  const { t } = useTranslation(['setup', 'common']);
  const [{ data, fetching, error }] = useQuery({
    query: LocationSettingQuery,
    variables: { location_id: locationId },
    context: SETTINGS_CONTEXT,
  });
  if (error)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('setup:loadFailed')}
      </Alert>
    );
  if (!data || fetching) return <Text c="dimmed">{t('common:loading')}</Text>;
  const setting = data.getLocationSettingData;
  const location = data.location;
  const key = `${locationId}-${tab}`;
  switch (tab) {
    case 'limits':
      return <LimitsForm key={key} setting={setting} />;
    case 'signup':
      return <SignupForm key={key} setting={setting} location={location} />;
    case 'notifications':
      return (
        <Stack key={key}>
          <TeamNotificationForm setting={setting} />
          <ParentNotificationForm setting={setting} />
        </Stack>
      );
    case 'parents':
      return <ParentsForm key={key} setting={setting} />;
    case 'check-in':
      return <CheckInForm key={key} setting={setting} location={location} />;
    case 'defaults':
      return <DefaultsForm key={key} setting={setting} address={data.getLocationDefaultAddress.address} />;
    case 'email':
      return <EmailVerification key={key} location={location} />;
    case 'billing':
      return <BillingForm key={key} location={location} />;
  }
}

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Text component="h2" fw={600}>
        {title}
      </Text>
      {lead ? (
        <Text size="sm" c="dimmed" mb="sm">
          {lead}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}

function SaveRow({ busy, testId }: { busy: boolean; testId?: string }) {
  const { t } = useTranslation('setup');
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={busy} data-testid={testId}>
        {t('setup:actions.save')}
      </Button>
    </Group>
  );
}

function fieldsOf<T extends FieldValues>(values: T): Path<T>[] {
  return Object.keys(values) as Path<T>[];
}

const limitsSchema = z.object({
  max_no_of_students: optionalCount,
  max_no_of_users: optionalCount,
  max_daily_logins: optionalCount,
  user_time_out: optionalCount,
  enable_max_login_feature: z.boolean(),
});

function LimitsForm({ setting }: { setting: LocationSettingData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, save] = useMutation(SaveLoginSettingsMutation);
  const defaults = {
    max_no_of_students: setting.max_no_of_students ?? undefined,
    max_no_of_users: setting.max_no_of_users ?? undefined,
    max_daily_logins: setting.max_daily_logins ?? undefined,
    user_time_out: setting.user_time_out ?? undefined,
    enable_max_login_feature: setting.enable_max_login_feature,
  };
  const { control, handleSubmit, formState, setError } = useForm<z.infer<typeof limitsSchema>>({
    resolver: zodResolver(limitsSchema),
    defaultValues: defaults,
  });
  return (
    <Section title={t('setup:settings.tabs.limits')} lead={t('setup:settings.limitsLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.tabs.limits')}
        onSubmit={handleSubmit(async (v) => {
          const r = await save({
            location_id: setting.location_id,
            max_no_of_students: v.max_no_of_students ?? null,
            max_no_of_users: v.max_no_of_users ?? null,
            max_daily_logins: v.max_daily_logins ?? null,
            user_time_out: v.user_time_out ?? null,
            enable_max_login_feature: v.enable_max_login_feature,
          });
          finish(r.error, r.data?.saveLoginSettings, { setError, fields: fieldsOf(defaults) });
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberField
              control={control}
              name="max_no_of_students"
              label={t('setup:settings.maxStudents')}
              description={t('setup:settings.noLimit')}
              min={0}
            />
            <NumberField
              control={control}
              name="max_no_of_users"
              label={t('setup:settings.maxUsers')}
              description={t('setup:settings.noLimit')}
              min={0}
            />
            <NumberField
              control={control}
              name="max_daily_logins"
              label={t('setup:settings.maxDailyLogins')}
              description={t('setup:settings.noLimit')}
              min={0}
            />
            <NumberField
              control={control}
              name="user_time_out"
              label={t('setup:settings.userTimeOut')}
              description={t('setup:settings.minutes')}
              min={0}
            />
          </SimpleGrid>
          <CheckboxField control={control} name="enable_max_login_feature" label={t('setup:settings.enableMaxLogin')} />
          <SaveRow busy={formState.isSubmitting} testId="save-limits" />
        </Stack>
      </form>
    </Section>
  );
}

const signupSchema = z
  .object({
    is_signup: z.boolean(),
    signup_code: z.string().trim().max(50, 'common:validation.tooLong'),
    expiry_time: optionalCount,
    signup_pin_code_expiry: optionalCount,
    signup_success_text: z.string().max(1000, 'common:validation.tooLong'),
    signup_fail_text: z.string().max(1000, 'common:validation.tooLong'),
  })
  .refine((v) => !v.is_signup || v.signup_code !== '', { message: 'setup:validation.signupCode', path: ['signup_code'] });

function SignupForm({ setting, location }: { setting: LocationSettingData; location: LocationData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const client = useClient();
  const errorText = useFieldError();
  const [hint, setHint] = useState<string | null>(null);
  const [, saveCode] = useMutation(UpdateLocationSignupCodeMutation);
  const [, save] = useMutation(SaveSignupSettingsMutation);
  const defaults = {
    is_signup: Boolean(location.is_signup),
    signup_code: location.signup_code ?? '',
    expiry_time: setting.expiry_time ?? undefined,
    signup_pin_code_expiry: setting.signup_pin_code_expiry ?? undefined,
    signup_success_text: setting.signup_success_text ?? '',
    signup_fail_text: setting.signup_fail_text ?? '',
  };
  const { control, handleSubmit, formState, setError, clearErrors } = useForm<z.infer<typeof signupSchema>>({
    resolver: zodResolver(signupSchema),
    defaultValues: defaults,
  });
  async function check(code: string) {
    setHint(null);
    if (!code.trim()) return;
    const r = await client
      .query(CheckLocationCodeQuery, { signup_code: code.trim(), id: location.id }, { requestPolicy: 'network-only' })
      .toPromise();
    const a = r.data?.checkLocationCode;
    if (!a) return;
    if (a.available) {
      clearErrors('signup_code');
      setHint(t('setup:locations.codeAvailable'));
    } else setError('signup_code', { type: 'server', message: a.message });
  }
  return (
    <Section title={t('setup:settings.tabs.signup')} lead={t('setup:settings.signupLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.tabs.signup')}
        onSubmit={handleSubmit(async (v) => {
          const fields = fieldsOf(defaults);
          const c = await saveCode(
            { location_id: location.id, is_signup: v.is_signup, signup_code: v.signup_code.trim() || null },
            SETTINGS_CONTEXT,
          );
          if (!finish(c.error, c.data?.updateLocationSignupCode, { setError, fields })) return;
          const r = await save({
            location_id: location.id,
            expiry_time: v.expiry_time ?? null,
            signup_pin_code_expiry: v.signup_pin_code_expiry ?? null,
            signup_success_text: v.signup_success_text || null,
            signup_fail_text: v.signup_fail_text || null,
          });
          finish(r.error, r.data?.saveSignupSettings, { setError, fields });
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={control}
              name="is_signup"
              render={({ field }) => (
                <Switch
                  mt="md"
                  label={t('setup:fields.isSignup')}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
            <Controller
              control={control}
              name="signup_code"
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('setup:fields.signupCode')}
                  value={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.value)}
                  onBlur={() => {
                    field.onBlur();
                    void check(field.value);
                  }}
                  description={!fieldState.error && hint ? hint : undefined}
                  error={errorText(fieldState.error)}
                />
              )}
            />
            <NumberField
              control={control}
              name="expiry_time"
              label={t('setup:settings.expiryTime')}
              description={t('setup:settings.hours')}
              min={0}
            />
            <NumberField
              control={control}
              name="signup_pin_code_expiry"
              label={t('setup:settings.pinExpiry')}
              description={t('setup:settings.minutes')}
              min={0}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="signup_success_text"
            render={({ field, fieldState }) => (
              <Textarea
                label={t('setup:settings.successText')}
                value={field.value}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                error={errorText(fieldState.error)}
                autosize
                minRows={2}
              />
            )}
          />
          <Controller
            control={control}
            name="signup_fail_text"
            render={({ field, fieldState }) => (
              <Textarea
                label={t('setup:settings.failText')}
                value={field.value}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                error={errorText(fieldState.error)}
                autosize
                minRows={2}
              />
            )}
          />
          <SaveRow busy={formState.isSubmitting} />
        </Stack>
      </form>
    </Section>
  );
}

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
    <Section title={t('setup:settings.teamTitle')} lead={t('setup:settings.teamLead')}>
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
    </Section>
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
    <Section title={t('setup:settings.parentNotificationTitle')} lead={t('setup:settings.parentNotificationLead')}>
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
    </Section>
  );
}

const parentsSchema = z.object({
  can_edit_student: z.boolean(),
  can_edit_fields: z.array(z.enum(EDITABLE_FIELDS)),
  parent_directory_visibility: z.boolean(),
});

function ParentsForm({ setting }: { setting: LocationSettingData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const errorText = useFieldError();
  const [, save] = useMutation(SaveParentSettingsMutation);
  const defaults = {
    can_edit_student: setting.can_edit_student,
    can_edit_fields: setting.can_edit_fields.filter((f): f is (typeof EDITABLE_FIELDS)[number] =>
      (EDITABLE_FIELDS as readonly string[]).includes(f),
    ),
    parent_directory_visibility: setting.parent_directory_visibility,
  };
  const { control, handleSubmit, formState, setError } = useForm<z.infer<typeof parentsSchema>>({
    resolver: zodResolver(parentsSchema),
    defaultValues: defaults,
  });
  return (
    <Section title={t('setup:settings.tabs.parents')} lead={t('setup:settings.parentsLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.tabs.parents')}
        onSubmit={handleSubmit(async (v) => {
          const r = await save({ location_id: setting.location_id, ...v });
          finish(r.error, r.data?.saveParentSettings, { setError, fields: fieldsOf(defaults) });
        })}
      >
        <Stack gap="sm">
          <CheckboxField control={control} name="parent_directory_visibility" label={t('setup:settings.directoryVisible')} />
          <CheckboxField control={control} name="can_edit_student" label={t('setup:settings.canEditStudent')} />
          <Controller
            control={control}
            name="can_edit_fields"
            render={({ field, fieldState }) => (
              <MultiSelect
                label={t('setup:settings.canEditFields')}
                data={EDITABLE_FIELDS.map((f) => ({ value: f, label: t(`setup:studentFields.${f}`) }))}
                value={field.value}
                onChange={field.onChange}
                searchable
                comboboxProps={{ withinPortal: true }}
                error={errorText(fieldState.error)}
              />
            )}
          />
          <SaveRow busy={formState.isSubmitting} />
        </Stack>
      </form>
    </Section>
  );
}

function CheckInForm({ setting, location }: { setting: LocationSettingData; location: LocationData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, save] = useMutation(SaveCheckInQrSettingMutation);
  const [, generate] = useMutation(GenerateLocationQrMutation);
  const [enabled, setEnabled] = useState(setting.check_in_qr);
  const [expire, setExpire] = useState(setting.check_in_qr_expire ?? '24h');
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<{ url: string } | null>(null);
  return (
    <Stack>
      <Section title={t('setup:settings.tabs.check-in')} lead={t('setup:settings.checkInLead')}>
        <form
          noValidate
          aria-label={t('setup:settings.tabs.check-in')}
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            const r = await save({ location_id: setting.location_id, check_in_qr: enabled, check_in_qr_expire: expire || null });
            setBusy(false);
            finish(r.error, r.data?.saveCheckInQrSetting);
          }}
        >
          <Stack gap="sm">
            <Switch label={t('setup:settings.checkInQr')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
            <Select
              label={t('setup:settings.qrExpire')}
              data={[...new Set([...QR_EXPIRY, expire])].map((v) => ({
                value: v,
                label: t(`setup:settings.expire.${v}`, { defaultValue: v }),
              }))}
              value={expire}
              onChange={(v) => setExpire(v ?? '24h')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', sm: 240 }}
            />
            <SaveRow busy={busy} />
            <Text size="sm">
              {t('setup:settings.checkInQrPanelLead')}{' '}
              <Anchor component={Link} to={paths.attendanceCheckInQr.to()} data-testid="check-in-qr-panel-link">
                {t('setup:settings.checkInQrPanel')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Section>
      <Section title={t('setup:settings.qrTitle')} lead={t('setup:settings.qrLead')}>
        <Stack gap="sm">
          <Text size="sm">
            {t('setup:settings.qrGeneratedAt')}{' '}
            {location.qr_generated_at ? <DateTimeText value={location.qr_generated_at} /> : t('setup:settings.never')}
          </Text>
          {qr ? (
            <Alert color="success" variant="light" data-testid="qr-link">
              <Text size="sm">{t('setup:settings.qrLink')}</Text>
              <Anchor href={qr.url} size="sm" style={{ wordBreak: 'break-all' }}>
                {qr.url}
              </Anchor>
              <QrCode
                value={qr.url}
                label={t('setup:settings.qrAlt')}
                downloadLabel={t('setup:settings.qrDownload')}
                fileName={`time-clock-qr-${location.id}`}
              />
            </Alert>
          ) : null}
          <Group>
            <Button
              variant="light"
              onClick={async () => {
                const r = await generate({ location_id: location.id }, SETTINGS_CONTEXT);
                const done = finish(r.error, r.data?.generateLocationQr);
                if (done) setQr({ url: done.url });
              }}
              data-testid="generate-qr"
            >
              {t('setup:settings.generateQr')}
            </Button>
          </Group>
        </Stack>
      </Section>
    </Stack>
  );
}

const defaultsSchema = z.object({
  default_city: z.string().trim().max(100, 'common:validation.tooLong'),
  default_state: z.string().trim().max(60, 'common:validation.tooLong'),
  default_zip: z
    .string()
    .trim()
    .max(20, 'common:validation.tooLong')
    .regex(/^[A-Za-z0-9 -]*$/, 'setup:validation.zip'),
});

function DefaultsForm({ setting, address }: { setting: LocationSettingData; address: string | null }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, save] = useMutation(SaveAddressSettingsMutation);
  const defaults = {
    default_city: setting.default_city ?? '',
    default_state: setting.default_state ?? '',
    default_zip: setting.default_zip ?? '',
  };
  const { control, handleSubmit, formState, setError } = useForm<z.infer<typeof defaultsSchema>>({
    resolver: zodResolver(defaultsSchema),
    defaultValues: defaults,
  });
  return (
    <Section title={t('setup:settings.tabs.defaults')} lead={t('setup:settings.defaultsLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.tabs.defaults')}
        onSubmit={handleSubmit(async (v) => {
          const r = await save(
            {
              location_id: setting.location_id,
              default_city: v.default_city || null,
              default_state: v.default_state || null,
              default_zip: v.default_zip || null,
            },
            SETTINGS_CONTEXT,
          );
          finish(r.error, r.data?.saveAddressSettings, { setError, fields: fieldsOf(defaults) });
        })}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('setup:fields.address')}: {address || t('setup:settings.noAddress')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextField control={control} name="default_city" label={t('setup:settings.city')} />
            <TextField control={control} name="default_state" label={t('setup:settings.state')} />
            <TextField control={control} name="default_zip" label={t('setup:settings.zip')} />
          </SimpleGrid>
          <SaveRow busy={formState.isSubmitting} />
        </Stack>
      </form>
    </Section>
  );
}

function EmailVerification({ location }: { location: LocationData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, send] = useMutation(SendLocationEmailCodeMutation);
  const [, verify] = useMutation(VerifyLocationEmailCodeMutation);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  return (
    <Section title={t('setup:settings.tabs.email')} lead={t('setup:settings.emailLead')}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm">{location.email || t('setup:settings.noEmail')}</Text>
          {location.email ? (
            <Badge variant="light" color={location.email_verified ? 'success' : 'warning'} data-testid="email-verified">
              {location.email_verified ? t('setup:settings.verified') : t('setup:settings.notVerified')}
            </Badge>
          ) : null}
        </Group>
        <Group>
          <Button
            variant="light"
            disabled={!location.email}
            onClick={async () => {
              const r = await send({ location_id: location.id });
              if (finish(r.error, r.data?.sendLocationEmailVerificationCode)) setSent(true);
            }}
          >
            {sent ? t('setup:settings.resendCode') : t('setup:settings.sendCode')}
          </Button>
        </Group>
        <form
          noValidate
          aria-label={t('setup:settings.verifyTitle')}
          onSubmit={async (e) => {
            e.preventDefault();
            if (!/^\d{6}$/.test(code.trim())) {
              setError(t('setup:validation.code'));
              return;
            }
            const r = await verify({ location_id: location.id, code: code.trim() }, SETTINGS_CONTEXT);
            const serverError = fieldErrors(r.error).code;
            if (serverError) {
              setError(serverError);
              return;
            }
            if (finish(r.error, r.data?.verifyLocationEmailCode)) setCode('');
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('setup:settings.code')}
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setError(null);
              }}
              inputMode="numeric"
              maxLength={6}
              withAsterisk
              error={error}
              w={180}
            />
            <Button type="submit" disabled={!location.email}>
              {t('setup:settings.verify')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Section>
  );
}

function BillingForm({ location }: { location: LocationData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, setBilling] = useMutation(UpdateLocationBillingMutation);
  const [, setRequest] = useMutation(UpdateLocationBillingRequestMutation);
  return (
    <Section title={t('setup:settings.tabs.billing')} lead={t('setup:settings.billingLead')}>
      <Stack gap="sm">
        <Switch
          label={t('setup:settings.billingOn')}
          checked={Boolean(location.billing)}
          onChange={async (e) => {
            const r = await setBilling({ location_id: location.id, billing: e.currentTarget.checked }, SETTINGS_CONTEXT);
            finish(r.error, r.data?.updateLocationBilling);
          }}
        />
        <Switch
          label={t('setup:settings.billingRequest')}
          checked={Boolean(location.location_billing_request?.value)}
          onChange={async (e) => {
            const r = await setRequest({ location_id: location.id, value: e.currentTarget.checked }, SETTINGS_CONTEXT);
            finish(r.error, r.data?.updateLocationBillingRequestSetting);
          }}
          data-testid="billing-request"
        />
      </Stack>
    </Section>
  );
}
