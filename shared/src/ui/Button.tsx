import type { ButtonHTMLAttributes } from 'react';
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
