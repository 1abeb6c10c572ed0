import type { ButtonHTMLAttributes } from 'react'
import styles from './button.module.css'

type ButtonVariant = 'primary' | 'secondary' | 'ghost'

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick'> {
  variant?: ButtonVariant
  isDisabled?: boolean
  onPress?: () => void
}

export const buttonClassName = (variant: ButtonVariant = 'secondary') =>
  [styles.button, variant === 'secondary' ? '' : styles[variant]].filter(Boolean).join(' ')

/**
 * A native button in the cabinet's look. Native, not react-aria's: it is on every screen, and
 * the browser's own button is already keyboard- and screen-reader-accessible, at no bundle cost.
 */
export function Button({ variant = 'secondary', className, isDisabled, onPress, type = 'button', ...props }: ButtonProps) {
  const classes = [buttonClassName(variant), className].filter(Boolean).join(' ')
  return <button {...props} type={type} className={classes} disabled={isDisabled} onClick={onPress} />
}
