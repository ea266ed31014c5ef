import { stockManagerRole } from '@/features/roles/rules'
import { STOCK_GAMES } from '@/shared/games'
import { AdminArea } from '../components/admin-area'
import { GamePanels } from '../components/grants'

/** /admin/stock-managers: each stock game's stock managers. */
export function StockManagersPage() {
  return (
    <AdminArea title="Stock managers" back="/admin/stock-managers">
      <GamePanels
        games={STOCK_GAMES}
        roleOf={stockManagerRole}
        kind="stock manager"
        empty="No stock managers yet (admins manage every game's stock)."
      />
    </AdminArea>
  )
}
