import { TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import { useState, type Ref, type SyntheticEvent } from 'react';
import classes from './password-input.module.css';

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'rightSection' | 'rightSectionPointerEvents' | 'classNames'> {
  /** The accessible name of the show/hide button. */
  toggleLabel: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A password input with a show/hide button, as Mantine's PasswordInput behaves (the button keeps
 * the focus in the input and stays out of the tab order), built on TextInput: Mantine's own brings
 * ActionIcon and its icon set, about 3 KB more on the sign-in page.
 */
export function PasswordInput({ toggleLabel, disabled, autoComplete = 'off', ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const toggle = (event: SyntheticEvent) => {
    event.preventDefault();
    setVisible((shown) => !shown);
  };
  return (
    <TextInput
      {...props}
      classNames={{ input: classes.input }}
      disabled={disabled}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          className={classes.toggle}
          aria-label={toggleLabel}
          aria-pressed={visible}
          tabIndex={-1}
          disabled={disabled}
          onMouseDown={toggle}
          onTouchEnd={toggle}
          onKeyDown={(event) => {
            if (event.key === ' ') toggle(event);
          }}
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden
          >
            <path d="M21 12c-2.4 4-5.4 6-9 6s-6.6-2-9-6c2.4-4 5.4-6 9-6s6.6 2 9 6" />
            <circle cx="12" cy="12" r="2" />
            {visible ? <path d="M3 3l18 18" /> : null}
          </svg>
        </UnstyledButton>
      }
    />
  );
}
