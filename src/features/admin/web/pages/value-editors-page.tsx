import { valueEditorRole } from '@/features/roles/rules'
import { GAME_IDS } from '@/shared/games'
import { AdminArea } from '../components/admin-area'
import { GamePanels } from '../components/grants'

/** /admin/value-editors: each game's value editors. */
export function ValueEditorsPage() {
  return (
    <AdminArea title="Value editors" back="/admin/value-editors">
      <GamePanels
        games={GAME_IDS}
        roleOf={valueEditorRole}
        kind="value editor"
        empty="No value editors yet (admins edit every game's values)."
      />
    </AdminArea>
  )
}
