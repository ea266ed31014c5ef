import { renderMail } from '@/platform/server/lib/mail/layout'
import { SITE_NAME } from '@/shared/page-info'

const NOT_YOU = 'If you did not ask for this, ignore this mail: nothing changes without the link.'

/** The mails of the account flows; the URLs come from Better Auth and carry single-use tokens. */
export const accountMails = {
  verifyEmail: (url: string) =>
    renderMail({
      subject: `Verify your e-mail for ${SITE_NAME}`,
      heading: 'Confirm your e-mail address',
      paragraphs: [
        `Welcome to ${SITE_NAME}! Confirm this address to finish creating your account and sign in.`,
      ],
      button: { label: 'Verify my e-mail', url },
      expiry: 'The button works for 24 hours.',
      footer: `You get this mail because this address was used to create a ${SITE_NAME} account. ${NOT_YOU}`,
    }),
  magicLink: (url: string) =>
    renderMail({
      subject: `Your ${SITE_NAME} sign-in link`,
      heading: 'Sign in to TradeHub',
      paragraphs: ['Use the button below to sign in. No password needed.'],
      button: { label: 'Sign in', url },
      expiry: 'The button works once, for 15 minutes.',
      footer: `You get this mail because a sign-in link was asked for this address. ${NOT_YOU}`,
    }),
  resetPassword: (url: string) =>
    renderMail({
      subject: `Reset your ${SITE_NAME} password`,
      heading: 'Choose a new password',
      paragraphs: ['Someone (hopefully you) asked to reset the password of your account.'],
      button: { label: 'Choose a new password', url },
      expiry: 'The button works once, for 1 hour.',
      footer: `You get this mail because a password reset was asked for this address. ${NOT_YOU}`,
    }),
  changeEmail: (url: string, newEmail: string) =>
    renderMail({
      subject: `Confirm your new ${SITE_NAME} e-mail address`,
      heading: 'Confirm the change of your e-mail address',
      paragraphs: [`Your account's e-mail address will change to ${newEmail} once you confirm.`],
      button: { label: 'Confirm the change', url },
      expiry: 'The button works for 24 hours.',
      footer: `You get this mail because a change of e-mail address was asked for your account. ${NOT_YOU}`,
    }),
}
