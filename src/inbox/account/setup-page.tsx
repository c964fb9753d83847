import { useState, type FormEvent } from 'react'
import { SETUP_LINK_EXPIRED, SETUP_LINK_USED } from '../../../common/account-api.ts'
import { ADMIN_PAGE_PATH } from '../../../common/admin-api.ts'
import { PASSWORD_MIN_LENGTH } from '../../../common/session-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { useSetupLink, useSetupPassword } from '../api/teammates.ts'
import { accountCopy } from '../content/account-copy.ts'
import { navigate } from '../router/use-location.ts'
import { Notice } from '../ui/notice.tsx'
import { PageTitle } from '../ui/page-title.tsx'
import { NewPasswordFields, newPasswordOf } from './new-password-fields.tsx'

const copy = accountCopy.setup

/** Why the link works no more, in the page's words. */
function linkProblem(error: unknown) {
  if (!(error instanceof AdminApiError) || error.status >= 500) return copy.failed
  if (error.code === SETUP_LINK_USED) return copy.used
  if (error.code === SETUP_LINK_EXPIRED) return copy.expired
  return copy.unknown
}

/**
 * The token once, from the fragment, which is then taken out of the address:
 * it stays out of the history and of anything the page sends on.
 */
function takeToken() {
  const token = window.location.hash.slice(1)
  if (token)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
  return token
}

const SignInLink = () => (
  <a href={ADMIN_PAGE_PATH} className="font-semibold underline underline-offset-4">
    {copy.toSignIn}
  </a>
)

/** Where a teammate's set-up link lands, signed in or not: they choose their password, and are signed in. */
export function SetupPage() {
  const [token] = useState(takeToken)
  const link = useSetupLink(token)
  const setPassword = useSetupPassword()
  const [mismatch, setMismatch] = useState(false)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (setPassword.isPending) return
    const form = new FormData(event.currentTarget)
    const password = newPasswordOf(form)
    setMismatch(password === null)
    if (password === null) return
    setPassword.mutate({ token, password }, { onSuccess: (done) => done.session && navigate(ADMIN_PAGE_PATH) })
  }
  const refused = setPassword.error instanceof AdminApiError && setPassword.error.status === 400

  let body
  if (token === '') body = <Notice tone="error">{copy.noToken}</Notice>
  else if (link.isPending) body = <p>{copy.checking}</p>
  else if (link.isError || (setPassword.isError && !refused)) {
    body = (
      <>
        <Notice tone="error">{linkProblem(link.error ?? setPassword.error)}</Notice>
        <p className="mt-4">
          <SignInLink />
        </p>
      </>
    )
  } else if (setPassword.isSuccess) {
    body = (
      <>
        <Notice tone="success">{copy.done}</Notice>
        <p className="mt-4">
          <SignInLink />
        </p>
      </>
    )
  } else {
    body = (
      <form onSubmit={submit} className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm">
        <p className="break-words">{copy.intro(link.data.email)}</p>
        {/* For the browser's password manager: the account the new password belongs to. */}
        <input type="email" name="email" autoComplete="username" value={link.data.email} readOnly hidden />
        <NewPasswordFields
          label={copy.password}
          hint={copy.passwordHint(PASSWORD_MIN_LENGTH)}
          againLabel={copy.again}
          mismatchMessage={copy.mismatch}
          mismatch={mismatch}
        />
        {!mismatch && refused && <Notice tone="error">{copy.rejected(PASSWORD_MIN_LENGTH)}</Notice>}
        <Button type="submit" aria-disabled={setPassword.isPending}>
          {setPassword.isPending ? copy.submitting : copy.submit}
        </Button>
      </form>
    )
  }

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <PageTitle>{copy.title}</PageTitle>
      <div className="mt-6">{body}</div>
    </main>
  )
}
