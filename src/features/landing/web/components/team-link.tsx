import { Link } from 'react-router'
import { useDiscordLinks } from '../api'

/**
 * Where a page sends a visitor to reach the team: "our Discord server" where one is configured, else
 * "the contact form" (a link is never offered that leads nowhere).
 */
export function TeamLink() {
  const { server } = useDiscordLinks()
  return server ? (
    <>
      our{' '}
      <Link to="/join-server" reloadDocument>
        Discord server
      </Link>
    </>
  ) : (
    <>
      the <Link to="/contact">contact form</Link>
    </>
  )
}
