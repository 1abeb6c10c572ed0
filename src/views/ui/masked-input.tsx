import { useEffect, useRef, type InputHTMLAttributes } from 'react'
import type { IMask as IMaskNamespace } from 'react-imask'

type IMaskFactory = typeof IMaskNamespace
type PatternMask = ReturnType<typeof IMaskNamespace<{ mask: string }>>

let imask: Promise<IMaskFactory> | undefined
/** react-imask's mask (imask), fetched once; a failed fetch (offline) is asked again by the next field that mounts. */
function loadIMask(): Promise<IMaskFactory> {
  imask ??= import('react-imask').then(
    (module) => module.IMask,
    (error: unknown) => {
      imask = undefined
      throw error
    },
  )
  return imask
}

export interface MaskedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange'> {
  /** an imask pattern: 0 a digit, [0] an optional one, anything else a fixed character */
  mask: string
  /** the masked text */
  value: string
  /** the masked text after each change the mask accepts */
  onAccept: (masked: string) => void
}

/**
 * An input behind an imask pattern, masked by react-imask's IMask. The mask (15 KB gzipped) loads when the first masked field of a
 * visit mounts, not with the screen: until it is there (a moment, or for good when the network is
 * gone) the same input takes the text as typed; once loaded the mask takes the input over and
 * reshapes what it holds. The input is one element throughout, so focus, caret and layout stay.
 */
export function MaskedInput({ mask, value, onAccept, ...inputProps }: MaskedInputProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const maskRef = useRef<PatternMask | null>(null)
  const latest = useRef({ value, onAccept })
  useEffect(() => {
    latest.current = { value, onAccept }
  })

  useEffect(() => {
    let isGone = false
    let masked: PatternMask | null = null
    loadIMask().then(
      (IMask) => {
        const input = inputRef.current
        if (isGone || !input) return
        masked = IMask(input, { mask })
        const current = masked
        current.on('accept', () => latest.current.onAccept(current.value))
        maskRef.current = current
        // what was typed before the mask came, in the mask's shape
        if (current.value !== latest.current.value) latest.current.onAccept(current.value)
      },
      () => undefined,
    )
    return () => {
      isGone = true
      masked?.destroy()
      maskRef.current = null
    }
  }, [mask])

  // after every render, as react-imask does: the value from outside (a reset, a picked day, a kept
  // draft) into the input, and the input back to the value when the owner kept it as it was (a
  // digit past a full phone number is taken by the mask, and formatPhone drops it)
  useEffect(() => {
    const masked = maskRef.current
    if (masked) {
      if (masked.value !== value) masked.value = value
    } else if (inputRef.current && inputRef.current.value !== value) inputRef.current.value = value
  })

  return (
    <input
      {...inputProps}
      ref={inputRef}
      defaultValue={value}
      onChange={(event) => {
        if (!maskRef.current) onAccept(event.currentTarget.value)
      }}
    />
  )
}
