import { useSelector } from '@xstate/react'
import { createContext, useContext, type ReactNode } from 'react'
import type { InitData } from '../../contract/account'
import type { BasketActor } from '../../machines/basket.machine'
import type { ScreenHostActor } from '../../machines/screen-host.machine'
import type { ShellActor } from '../../machines/shell.machine'

const ShellContext = createContext<ShellActor | null>(null)

export function ShellProvider({ actor, children }: { actor: ShellActor; children: ReactNode }) {
  return <ShellContext.Provider value={actor}>{children}</ShellContext.Provider>
}

/** The cabinet frame's actor: screens read the selected contract and send `basket.changed`. */
export function useShellActor(): ShellActor {
  const actor = useContext(ShellContext)
  if (!actor) throw new Error('useShellActor needs the cabinet layout above it')
  return actor
}

/** The init data; screens render inside the frame only once it is loaded. */
export function useInitData(): InitData {
  const initData = useSelector(useShellActor(), (snapshot) => snapshot.context.initData)
  if (!initData) throw new Error('useInitData is used before the cabinet data loaded')
  return initData
}

/** The basket of the selected contract: the shell's child while the cabinet is loaded. */
export function useBasketActor(): BasketActor | undefined {
  return useSelector(useShellActor(), (snapshot) => snapshot.children.basket)
}

export interface SelectedWarehouse {
  id: number
  /** its name as the init data lists it ("Склад Парнас") */
  header: string
}

/** The warehouse the dealer works from (the shell's choice): lists show and add from it. */
export function useSelectedWarehouse(): SelectedWarehouse {
  const shell = useShellActor()
  const id = useSelector(shell, (snapshot) => snapshot.context.selectedWarehouse)
  const header = useSelector(shell, (snapshot) => snapshot.context.initData?.warehouses.find((warehouse) => warehouse.id === id)?.header)
  return { id, header: header ?? `Склад № ${id}` }
}

/** The screen host, the shell's child that runs the screen of the address. */
export function useScreenHost(): ScreenHostActor | undefined {
  return useSelector(useShellActor(), (snapshot) => snapshot.children.screenHost)
}
