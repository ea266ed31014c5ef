import { Link } from 'react-router'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { StockBoard } from '../components/stock-board'

export function BloxFruitsStockPage() {
  return (
    <Page
      title="Blox Fruits stock"
      lead="The fruits the Blox Fruit Dealer and the Mirage Dealer sell right now, with their trade values, updated live."
      wide
    >
      <StockBoard game="blox-fruits" columns="md:grid-cols-2" />
      <Prose>
        <h2>How the dealers restock</h2>
        <p>
          The Blox Fruit Dealer's normal stock changes every 4 hours and the Mirage Island dealer's every 2
          hours. Community trackers disagree on the hour the clocks start from: ours follow the schedule our
          admins set, and each stock is what a stock manager or a bot reported.
        </p>
        <p>
          Values are trade values from our catalog. Compare more fruits on the{' '}
          <Link to="/trade-helper/blox-fruits">Blox Fruits values</Link> page.
        </p>
      </Prose>
    </Page>
  )
}
