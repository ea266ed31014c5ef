import { AdminArea } from '@/features/admin/web/public'
import { ContactMessages } from '../components/contact-messages'

/** /admin/contact: the contact form's messages, in the admin area (in a chunk of its own). */
export function ContactMessagesPage() {
  return (
    <AdminArea title="Contact messages" back="/admin/contact">
      <ContactMessages />
    </AdminArea>
  )
}
