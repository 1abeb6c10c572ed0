import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components'
import styles from './button.module.css'

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  variant?: 'primary' | 'secondary' | 'ghost'
  className?: string
}

/** The react-aria button in the cabinet's look. */
export function Button({ variant = 'secondary', className, ...props }: ButtonProps) {
  const classes = [styles.button, variant === 'secondary' ? '' : styles[variant], className].filter(Boolean).join(' ')
  return <AriaButton {...props} className={classes} />
}

export const buttonClassName = (variant: 'primary' | 'secondary' | 'ghost' = 'secondary') =>
  [styles.button, variant === 'secondary' ? '' : styles[variant]].filter(Boolean).join(' ')
