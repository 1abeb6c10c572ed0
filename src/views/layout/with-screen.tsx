import { useSelector } from '@xstate/react'
import { useDeferredValue, type ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { ScreenLogics, ScreenName } from '../../machines/screens'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { useScreenHost } from './shell-context'

const SCREEN_CODE_FAILED = 'Не удалось загрузить раздел'

/**
 * Renders a screen with its running machine (the screen host's child `name`); its loader while
 * the machine's code loads, and a retry when it failed to load.
 */
export function WithScreen<N extends ScreenName>(props: { name: N; label: string; children: (actor: ActorRefFrom<ScreenLogics[N]>) => ReactNode }) {
  const host = useScreenHost()
  const running = useSelector(host, (snapshot) => snapshot?.children[props.name]) as ActorRefFrom<ScreenLogics[N]> | undefined
  // the machine's arrival is a store update, which React renders at once and whole: the screen's
  // first render would be one long task on a phone. Deferred, the loader stays for that render and
  // the screen follows in a background render React splits into short tasks (issue 24)
  const actor = useDeferredValue(running)
  const failed = useSelector(host, (snapshot) => snapshot?.matches('codeFailed') ?? false)
  if (actor) return props.children(actor)
  if (failed)
    return <ErrorBlock title={SCREEN_CODE_FAILED} message="Проверьте соединение и повторите." onRetry={() => host?.send({ type: 'screen.retry' })} />
  return <Loading label={props.label} />
}
