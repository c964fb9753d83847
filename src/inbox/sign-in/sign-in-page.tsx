import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { useSetup, useSignIn } from '../api/session.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { Field } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageTitle } from '../ui/page-title.tsx'
import { signInProblem, type SignInProblem } from './sign-in-error.ts'

const copy = inboxCopy.signIn

export function SignInPage() {
  const signIn = useSignIn()
  const setup = useSetup()
  const [askCode, setAskCode] = useState(false)
  const problem = signIn.isError ? signInProblem(signIn.error) : undefined
  const message = problem && problemText(problem, signIn.variables?.code)
  // The server knows best (behind a proxy only it knows the way the request came); the browser knows too.
  const insecure = setup.data?.secureTransport === false || problem === 'insecure' || window.isSecureContext === false

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (signIn.isPending) return
    const form = new FormData(event.currentTarget)
    const code = String(form.get('code') ?? '').trim()
    signIn.mutate(
      {
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        ...(code ? { code } : {}),
      },
      { onError: (error) => signInProblem(error) === 'code' && setAskCode(true) },
    )
  }

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <PageTitle>{copy.title}</PageTitle>
      {insecure && (
        <Notice tone="warning" className="mt-4">
          {copy.insecure}
        </Notice>
      )}
      <form onSubmit={submit} className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm">
        <Field label={copy.email}>
          {({ id }) => <Input id={id} name="email" type="email" autoComplete="username" required />}
        </Field>
        <Field label={copy.password}>
          {({ id }) => <Input id={id} name="password" type="password" autoComplete="current-password" required />}
        </Field>
        {askCode && (
          <Field label={copy.code} hint={copy.codeHint}>
            {({ id, describedBy }) => (
              <Input
                id={id}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                aria-describedby={describedBy}
                required
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the field appears because the server asked for it: that is where the user types next
                autoFocus
              />
            )}
          </Field>
        )}
        {message && <Notice tone="error">{message}</Notice>}
        <Button type="submit" aria-disabled={signIn.isPending}>
          {signIn.isPending ? copy.submitting : copy.submit}
        </Button>
      </form>
    </main>
  )
}

/** What to tell the user; nothing when the server only asked for the code the form now shows. */
function problemText(problem: SignInProblem, codeSent: string | undefined) {
  if (problem === 'insecure') return undefined
  if (problem === 'code') return codeSent ? copy.wrongCode : undefined
  if (problem === 'too-many') return copy.tooMany
  if (problem === 'wrong') return copy.wrong
  return copy.failed
}
