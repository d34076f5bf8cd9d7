import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery } from 'urql';
import { TextField } from '../../../components/form/text-field';
import type { UserSettingData } from '../api/fragments';
import { UpdateDirectoryPrivacyMutation, UpdateProfileMutation } from '../api/people.mutation';
import { MyProfileQuery, UserSettingQuery, type MeData } from '../api/people.query';
import { CheckInPinCard } from '../components/check-in-pin-card';
import { PageHead } from '../components/page-head';
import { useFinish } from '../hooks/use-notice-call';
import { usePeoplePanels } from '../hooks/use-people-panels';

const PHONE = /^[0-9+()\-.\s]*$/;
type ProfileValues = { fname: string; lname: string; middle_name: string; nick_name: string; phone: string; phone2: string };
const PROFILE_FIELDS = ['fname', 'lname', 'middle_name', 'nick_name', 'phone', 'phone2'] as const;

function ProfileForm({ me, onSaved }: { me: MeData; onSaved(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [, update] = useMutation(UpdateProfileMutation);
  const { control, handleSubmit, setError, formState } = useForm<ProfileValues>({
    defaultValues: {
      fname: me.fname,
      lname: me.lname,
      middle_name: me.middle_name ?? '',
      nick_name: me.nick_name ?? '',
      phone: me.phone ?? '',
      phone2: me.phone2 ?? '',
    },
  });
  const required = { required: 'common:validation.required' };
  const phone = { validate: (v: string) => PHONE.test(v) || 'people:validation.phone' };
  return (
    <form
      noValidate
      aria-label={t('people:myProfile.title')}
      onSubmit={handleSubmit(async (v) => {
        const r = await update({
          ...v,
          middle_name: v.middle_name || null,
          nick_name: v.nick_name || null,
          phone: v.phone || null,
          phone2: v.phone2 || null,
        });
        if (finish(r.error, r.data?.updateProfile, { setError, fields: PROFILE_FIELDS })) onSaved();
      })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField control={control} name="fname" label={t('people:person.fname')} required rules={required} />
          <TextField control={control} name="lname" label={t('people:person.lname')} required rules={required} />
          <TextField control={control} name="middle_name" label={t('people:student.middleName')} />
          <TextField control={control} name="nick_name" label={t('people:student.nickName')} />
          <TextField control={control} name="phone" type="tel" label={t('people:person.phone')} rules={phone} />
          <TextField control={control} name="phone2" type="tel" label={t('people:person.phone2')} rules={phone} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting} data-testid="profile-submit">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DirectoryPrivacy({ setting, onSaved }: { setting: UserSettingData; onSaved(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [, save] = useMutation(UpdateDirectoryPrivacyMutation);
  const [value, setValue] = useState({
    directory_visible: setting.directory_visible,
    directory_show_email: setting.directory_show_email,
    directory_show_phone: setting.directory_show_phone,
    directory_show_children: setting.directory_show_children,
  });
  const box = (key: keyof typeof value, disabled = false) => (
    <Checkbox
      label={t(`people:directory.${key}`)}
      checked={value[key]}
      disabled={disabled}
      onChange={(e) => setValue({ ...value, [key]: e.currentTarget.checked })}
    />
  );
  return (
    <Stack gap="sm">
      {box('directory_visible')}
      {box('directory_show_email', !value.directory_visible)}
      {box('directory_show_phone', !value.directory_visible)}
      {box('directory_show_children', !value.directory_visible)}
      <Group justify="flex-end">
        <Button
          onClick={async () => {
            const r = await save(value);
            if (finish(r.error, r.data?.updateParentDirectoryPrivacy)) onSaved();
          }}
        >
          {t('common:actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /user-profile and /contact-profile: the signed-in person's own profile and directory privacy. */
export function MyProfilePage() {
  const { t } = useTranslation(['people', 'common']);
  const [{ data }, refetch] = useQuery({ query: MyProfileQuery, variables: {} });
  const { notificationSettings: NotificationSettings } = usePeoplePanels();
  const me = data?.me;
  const [{ data: setting }, refetchSetting] = useQuery({ query: UserSettingQuery, variables: { user_id: me?.id ?? '' }, pause: !me });
  if (!me) return null;
  return (
    <Stack gap="md" data-testid="my-profile">
      <PageHead title={t('people:myProfile.title')} lead={me.username} />
      <Card withBorder radius="md" padding="lg">
        <ProfileForm me={me} onSaved={() => refetch({ requestPolicy: 'network-only' })} />
      </Card>
      <CheckInPinCard />
      {NotificationSettings ? (
        <Suspense fallback={null}>
          <NotificationSettings />
        </Suspense>
      ) : null}
      {setting ? (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('people:directory.privacyTitle')}
          </Title>
          <DirectoryPrivacy setting={setting.getUserSettingData} onSaved={() => refetchSetting({ requestPolicy: 'network-only' })} />
        </Card>
      ) : null}
    </Stack>
  );
}
