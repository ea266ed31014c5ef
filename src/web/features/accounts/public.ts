/** What other features and the shell may use of accounts (lint refuses any other import of its files). */
export { signInHref, useFreshPermissions, useMe } from './api'
export { AccountControl } from './components/account-control'
export { SignInPrompt } from './components/sign-in-prompt'
