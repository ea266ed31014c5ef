import { Link } from 'react-router'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { StockBoard } from '../components/stock-board'

export function GrowAGardenStockPage() {
  return (
    <Page
      title="Grow a Garden stock"
      lead="What every Grow a Garden shop sells right now, from the game feed, stock managers and bots, updated live."
      wide
    >
      <StockBoard game="grow-a-garden" columns="md:grid-cols-2 xl:grid-cols-3" />
      <Prose>
        <h2>How restocks work</h2>
        <p>
          The seed shop (Sam) and the gear shop (Eloise) restock every 5 minutes, the egg shop (Raphael) every
          30 minutes, the event shop every hour and the cosmetic shop every 4 hours, on the clock's boundaries
          (UTC). The traveling merchant comes about every 4 hours and stays for 30 minutes. Each item appears
          in a restock with its own chance: a Carrot is in every restock, a Beanstalk in about 1 of 210.
        </p>
        <p>
          Open an item to see when it was last in stock and how often it appears. Check what your pets and
          seeds are worth on the <Link to="/trade-helper/grow-a-garden">Grow a Garden values</Link> page.
        </p>
      </Prose>
    </Page>
  )
}
