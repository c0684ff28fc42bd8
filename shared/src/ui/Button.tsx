import type { ButtonHTMLAttributes, ComponentPropsWithRef } from 'react';
import buttonStyles from './buttons.module.css';
import { Icon, type IconName } from './Icon';
import styles from './ui.module.css';

type Variant = 'primary' | 'secondary' | 'danger';

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  const variantClass = variant === 'primary' ? '' : styles[variant];
  return (
    <button type={type} className={[styles.button, variantClass, className].filter(Boolean).join(' ')} {...rest} />
  );
}

/** A square button showing one icon; `label` is its accessible name (the icon itself is hidden). */
export function IconButton({
  icon,
  label,
  tone,
  className,
  type = 'button',
  ...rest
}: Omit<ComponentPropsWithRef<'button'>, 'children'> & { icon: IconName; label: string; tone?: 'danger' }) {
  return (
    <button
      type={type}
      className={[buttonStyles.iconButton, className].filter(Boolean).join(' ')}
      aria-label={label}
      data-tone={tone}
      {...rest}
    >
      <Icon name={icon} />
    </button>
  );
}
