import { Component, lazy, useState, type ComponentProps, type ComponentType, type JSX, type ReactNode } from 'react'
import { ErrorBlock } from './error-block'
import styles from './lazy-part.module.css'

const LAZY_PART_MESSAGES = {
  failed: 'Не удалось загрузить часть страницы',
  hint: 'Проверьте подключение к интернету и нажмите «Повторить».',
} as const

/** The code of a lazily loaded part did not arrive (the network, or a release replaced it). */
class PartCodeError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
    this.name = 'PartCodeError'
  }
}

interface BoundaryProps {
  children: ReactNode
  onRetry: () => void
}

/**
 * Catches a part's code that failed to load and offers to load it again; any other error goes on
 * to the boundary above (the route's error page), as it would without this one.
 */
class PartBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null }

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override render() {
    const { error } = this.state
    if (error === null) return this.props.children
    if (!(error instanceof PartCodeError)) throw error
    return (
      <div className={styles.failed}>
        <ErrorBlock
          title={LAZY_PART_MESSAGES.failed}
          message={LAZY_PART_MESSAGES.hint}
          onRetry={() => {
            this.props.onRetry()
            this.setState({ error: null })
          }}
        />
      </div>
    )
  }
}

/**
 * React's `lazy` for a part of a page (a dialog, a panel) whose code loads when it is first shown,
 * with what `lazy` lacks: when the code does not arrive, the dealer sees why and can load it again
 * («Повторить»), and the page around it keeps working. The part is still shown under a `Suspense`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own `lazy`: any component
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): (props: ComponentProps<T>) => JSX.Element {
  const attempt = () =>
    lazy(() =>
      load().catch((cause: unknown) => {
        throw new PartCodeError(cause)
      }),
    )
  // a failed load stays failed for every showing (`lazy` keeps its outcome) until «Повторить»
  // makes a new attempt: a new one at each render would load again and again while React retries
  let Loaded = attempt()
  return function LazyPart(props: ComponentProps<T>) {
    const [, setTries] = useState(0)
    const retry = () => {
      Loaded = attempt()
      setTries((tries) => tries + 1)
    }
    return (
      <PartBoundary onRetry={retry}>
        <Loaded {...props} />
      </PartBoundary>
    )
  }
}
