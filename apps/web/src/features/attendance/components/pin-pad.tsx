import { Button, SimpleGrid, Text } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './attendance.module.css';

interface PinPadProps {
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  maxLength?: number;
  busy?: boolean;
  /** What the digits are for (accessible name of the display). */
  label: string;
  masked?: boolean;
  testId?: string;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** A large touch keypad (also typed on a keyboard): digits, delete, and OK. */
export function PinPad({ value, onChange, onSubmit, maxLength = 8, busy = false, label, masked = true, testId = 'pin' }: PinPadProps) {
  const { t } = useTranslation('attendance');
  const press = (digit: string) => {
    if (value.length < maxLength) onChange(value + digit);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') onChange(value.slice(0, -1));
      else if (event.key === 'Enter' && value) onSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <div>
      <Text className={classes.pinDots} role="status" aria-label={label} data-testid={`${testId}-display`}>
        {value ? (masked ? '•'.repeat(value.length) : value) : '\u00a0'}
      </Text>
      <SimpleGrid cols={3} spacing="sm">
        {KEYS.map((k) => (
          <Button key={k} variant="default" className={classes.pinKey} onClick={() => press(k)} data-testid={`${testId}-key-${k}`}>
            {k}
          </Button>
        ))}
        <Button
          variant="default"
          className={classes.pinKey}
          onClick={() => onChange(value.slice(0, -1))}
          aria-label={t('kiosk.delete')}
          data-testid={`${testId}-delete`}
        >
          <IconBackspace size={32} aria-hidden />
        </Button>
        <Button variant="default" className={classes.pinKey} onClick={() => press('0')} data-testid={`${testId}-key-0`}>
          0
        </Button>
        <Button className={classes.pinKey} onClick={onSubmit} disabled={!value} loading={busy} data-testid={`${testId}-ok`}>
          {t('kiosk.ok')}
        </Button>
      </SimpleGrid>
    </div>
  );
}
