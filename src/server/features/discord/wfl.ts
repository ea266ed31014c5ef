import { type BotDeps, type Command, ephemeral, type Handler } from './bot'

/** `/wfl game give get [band]`. */
export const wflCommand: Handler = async () => ({ now: ephemeral('Not built yet.') })
/** Autocomplete of the last item typed in give or get. */
export async function wflAutocomplete(
  _deps: BotDeps,
  _i: Command,
): Promise<{ name: string; value: string }[]> {
  return []
}
