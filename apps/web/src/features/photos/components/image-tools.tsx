import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPhotoCog, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { IMAGE_RESIZE_BATCH } from '@kv/shared';
import { NumberField } from '../../../components/form/number-field';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { SaveImagesSettingMutation } from '../api/photos.mutation';
import { ImagesSettingQuery } from '../api/photos.query';
import { IMAGE_BOUNDS, imagesSettingSchema, type ImagesSettingValues } from '../forms/photo-form.schema';
import { useResizeWalk } from '../hooks/use-resize-walk';
import classes from './photos.module.css';

const FIELDS = ['long_side', 'quality', 'thumbnail'] as const;

/** "Resize images": the walk's progress, its failure with Retry, or the button to start it. */
function ResizeImages() {
  const { t } = useTranslation('photos');
  const { state, start, retry } = useResizeWalk();
  const busy = state.step === 'listing' || state.step === 'running';
  const percent =
    state.step === 'running' || state.step === 'failed' ? (state.total ? Math.round((state.done / state.total) * 100) : 0) : 0;
  return (
    <Stack gap="xs" data-testid="resize-images" data-step={state.step}>
      <Text size="sm" c="dimmed">
        {t('resize.lead', { batch: IMAGE_RESIZE_BATCH })}
      </Text>
      {state.step === 'running' || state.step === 'failed' ? (
        <>
          <Progress
            value={percent}
            color={state.step === 'failed' ? 'danger' : 'primary'}
            size="lg"
            aria-label={t('resize.title')}
            data-testid="resize-progress"
          />
          <Text size="sm" role="status" data-testid="resize-count">
            {t('resize.count', { done: state.done, total: state.total })}
          </Text>
        </>
      ) : null}
      {state.step === 'listing' ? (
        <Text size="sm" role="status">
          {t('resize.listing')}
        </Text>
      ) : null}
      {state.step === 'failed' ? (
        <Alert color="danger" variant="light" role="alert" data-testid="resize-failed">
          {t('resize.stopped', { message: state.message })}
        </Alert>
      ) : null}
      {state.step === 'finished' ? (
        <Text size="sm" c="success" role="status" data-testid="resize-finished">
          {t('resize.finished', { count: state.total })}
        </Text>
      ) : null}
      <Group gap="sm">
        {state.step === 'failed' ? (
          <Button
            size="md"
            className={classes.touch}
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => void retry()}
            data-testid="resize-retry"
          >
            {t('resize.retry')}
          </Button>
        ) : (
          <Button
            size="md"
            variant="light"
            className={classes.touch}
            leftSection={<IconPhotoCog size={18} aria-hidden />}
            loading={busy}
            onClick={() => void start()}
            data-testid="resize-start"
          >
            {t('resize.start')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Managers: the size photos are stored at, and re-encoding every stored image to it. */
export function ImageTools() {
  const { t } = useTranslation(['photos', 'common']);
  const [{ data }, refetch] = useQuery({ query: ImagesSettingQuery });
  const [{ fetching }, save] = useMutation(SaveImagesSettingMutation);
  const form = useForm<ImagesSettingValues>({ resolver: zodResolver(imagesSettingSchema) });
  const setting = data?.getImagesSetting;

  useEffect(() => {
    if (setting) form.reset({ long_side: setting.long_side, quality: setting.quality, thumbnail: setting.thumbnail });
  }, [setting]);

  const submit = form.handleSubmit(async (values) => {
    const r = await save(values);
    if (reportMutationError(r.error, t, { setError: form.setError, fields: FIELDS })) return;
    const answer = r.data?.saveImagesSetting;
    if (!answer) return;
    showNotice(answer);
    if (answer.status) refetch({ requestPolicy: 'network-only' });
  });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="image-tools">
      <Title order={2} size="h4" mb="xs">
        {t('photos:settings.title')}
      </Title>
      <Stack gap="lg">
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="images-setting-form">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NumberField
                control={form.control}
                name="long_side"
                label={t('photos:settings.longSide')}
                description={t('photos:settings.range', { min: IMAGE_BOUNDS.long_side[0], max: IMAGE_BOUNDS.long_side[1] })}
                min={IMAGE_BOUNDS.long_side[0]}
                max={IMAGE_BOUNDS.long_side[1]}
                required
              />
              <NumberField
                control={form.control}
                name="quality"
                label={t('photos:settings.quality')}
                description={t('photos:settings.range', { min: IMAGE_BOUNDS.quality[0], max: IMAGE_BOUNDS.quality[1] })}
                min={IMAGE_BOUNDS.quality[0]}
                max={IMAGE_BOUNDS.quality[1]}
                required
              />
              <NumberField
                control={form.control}
                name="thumbnail"
                label={t('photos:settings.thumbnail')}
                description={t('photos:settings.range', { min: IMAGE_BOUNDS.thumbnail[0], max: IMAGE_BOUNDS.thumbnail[1] })}
                min={IMAGE_BOUNDS.thumbnail[0]}
                max={IMAGE_BOUNDS.thumbnail[1]}
                required
              />
            </SimpleGrid>
            <Group>
              <Button
                type="submit"
                size="md"
                className={classes.touch}
                loading={fetching}
                disabled={!setting}
                data-testid="images-setting-save"
              >
                {t('common:actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
        <div>
          <Title order={3} size="h5" mb={4}>
            {t('photos:resize.title')}
          </Title>
          <ResizeImages />
        </div>
      </Stack>
    </Card>
  );
}
