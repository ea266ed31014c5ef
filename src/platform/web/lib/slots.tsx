import { type ComponentType, createContext, lazy, Suspense, useContext, useState } from 'react'

/**
 * Slots: how a lower feature's page shows what higher features bring, without knowing them
 * (docs/architecture.md, "Direction"). The lower feature declares a slot in its web public entry and
 * renders `<Slot slot={…} {...props} />`; a higher feature fills it in its web manifest
 * (`slots: [fill(slot, Component)]`). The router installs every manifest's fills once.
 */
export interface SlotType<Props> {
  readonly name: string
  /** Never set: carries the props' type. */
  readonly props?: Props
}

export interface SlotFill {
  /** Unique among fills: the React key. */
  readonly key: string
  readonly slot: string
  /** The component that fills a slot, or the entry added to a list slot. */
  readonly value: unknown
  /** Lower first; fills of the same order keep their features' order (by name). */
  readonly order: number
}

export const defineSlot = <Props extends object>(name: string): SlotType<Props> => ({ name })

/** Counts fills: each gets a key of its own. */
let fillCount = 0
const keyOf = (slot: string) => `${slot}#${++fillCount}`

export const fill = <Props extends object>(
  slot: SlotType<Props>,
  Component: ComponentType<Props>,
  order = 0,
): SlotFill => ({ key: keyOf(slot.name), slot: slot.name, value: Component, order })

/**
 * A list slot: what higher features add to a lower feature's list of values rather than components (a
 * page's tabs, the requests of a route's loader). Declared like a slot, in the lower feature's web public
 * entry; a higher feature adds its entry in its web manifest (`slots: [addTo(list, entry)]`); the lower
 * feature reads them with `entriesOf(list)`.
 */
export interface ListSlotType<Entry> {
  readonly name: string
  /** Never set: carries the entries' type. */
  readonly entry?: Entry
}

export const defineListSlot = <Entry,>(name: string): ListSlotType<Entry> => ({ name })

export const addTo = <Entry,>(list: ListSlotType<Entry>, entry: Entry, order = 0): SlotFill => ({
  key: keyOf(list.name),
  slot: list.name,
  value: entry,
  order,
})

const installed = new Map<string, SlotFill[]>()

/** Called once with every web feature's fills (platform/web/app/routes.tsx). */
export function installSlots(fills: readonly SlotFill[]): void {
  installed.clear()
  for (const one of [...fills].sort((a, b) => a.order - b.order))
    installed.set(one.slot, [...(installed.get(one.slot) ?? []), one])
}

/** Whether any feature fills the slot (a section with nothing to show can leave out its heading). */
export const isFilled = (slot: SlotType<object>): boolean => (installed.get(slot.name)?.length ?? 0) > 0

/** The entries higher features added to a list slot, in order. */
export const entriesOf = <Entry,>(list: ListSlotType<Entry>): readonly Entry[] =>
  (installed.get(list.name) ?? []).map((one) => one.value as Entry)

/** Each manifest's fills loaded on demand, by its feature's name; the module once it has come. */
interface FillModule {
  load: () => Promise<Record<string, unknown>>
  loaded?: Record<string, unknown>
}
const fillModules = new Map<string, FillModule>()

/**
 * Where the server's renderer collects the features whose fills a page rendered (entry-server.tsx): the
 * browser loads their code with the page's (`loadFills`), so that it hydrates them in the same pass.
 */
export const RenderedFills = createContext<Set<string> | null>(null)

/**
 * A manifest's fills that load when a slot first shows one (`fill(slot, fills('Name'))`): every page
 * reads every manifest, so the fills' code stays out of the start. The server renders them at once and
 * names their feature to the browser, which loads their code before it takes the page over.
 */
export function lazyFills<Module>(feature: string, load: () => Promise<Module>) {
  const module: FillModule = {
    load: async () => {
      module.loaded ??= (await load()) as Record<string, unknown>
      return module.loaded
    },
  }
  fillModules.set(feature, module)
  return <Name extends keyof Module & string>(name: Name): Module[Name] => {
    const Lazy = lazy(async () => ({ default: (await module.load())[name] as ComponentType }))
    function Fill(props: object) {
      useContext(RenderedFills)?.add(feature)
      // Chosen once: a fill rendered while its code was loading keeps the lazy component (no remount).
      const [Component] = useState(() => (module.loaded?.[name] as ComponentType | undefined) ?? Lazy)
      return <Component {...props} />
    }
    return Fill as Module[Name]
  }
}

/** Loads the fills of the features the server rendered the page with (named in its data block). */
export const loadFills = (features: readonly string[]) =>
  Promise.all(features.map((feature) => fillModules.get(feature)?.load()))

/** Renders every fill of the slot, in order, each with the same props (a fill still loading shows nothing). */
export function Slot<Props extends object>({ slot, ...props }: { slot: SlotType<Props> } & Props) {
  return (
    <>
      {(installed.get(slot.name) ?? []).map(({ key, value }) => {
        const Filled = value as ComponentType<Props>
        return (
          <Suspense key={key} fallback={null}>
            <Filled {...(props as unknown as Props)} />
          </Suspense>
        )
      })}
    </>
  )
}
