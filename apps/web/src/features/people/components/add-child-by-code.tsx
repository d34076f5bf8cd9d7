import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form/text-field';
import { paths } from '../../../lib/paths';
import { AddStudentByQrCodeMutation } from '../api/families.mutation';
import { useFinish } from '../hooks/use-notice-call';

/** The search parameter a child's QR code carries to the parent's list of children. */
const CODE_PARAM = 'add_code';

/** What a child's QR code holds: the parent's children list with the code filled in. */
export function parentAddCodeUrl(code: string, pet: boolean): string {
  const list = pet ? paths.contactPets.to() : paths.userStudents.to();
  return `${window.location.origin}${list}?${CODE_PARAM}=${encodeURIComponent(code)}`;
}

const codeSchema = z.object({ code: z.string().trim().min(8, 'people:validation.childCode').max(200, 'people:validation.childCode') });
type CodeValues = z.infer<typeof codeSchema>;

/** A parent adds a child to their account with the code staff gave them (typed, or from the scanned QR link). */
export function AddChildByCode({ onAdded }: { onAdded(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [params, setParams] = useSearchParams();
  const fromLink = params.get(CODE_PARAM) ?? '';
  const [opened, setOpened] = useState(fromLink !== '');
  const [, add] = useMutation(AddStudentByQrCodeMutation);
  const { control, handleSubmit, setError, formState } = useForm<CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: fromLink },
  });

  function close() {
    setOpened(false);
    if (fromLink) {
      params.delete(CODE_PARAM);
      setParams(params, { replace: true });
    }
  }

  const submit = handleSubmit(async ({ code }) => {
    const r = await add({ code });
    if (finish(r.error, r.data?.addStudentByQrCode, { setError, fields: ['code'] })) {
      close();
      onAdded();
    }
  });

  return (
    <>
      <Button leftSection={<IconQrcode size={16} aria-hidden />} onClick={() => setOpened(true)} data-testid="add-child-by-code">
        {t('people:qr.add')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('people:qr.add')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <form noValidate aria-label={t('people:qr.add')} onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm">{t('people:qr.addLead')}</Text>
            <TextField control={control} name="code" label={t('people:qr.code')} required autoComplete="off" />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={formState.isSubmitting} data-testid="add-child-submit">
                {t('people:qr.addSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
