import { isEmailAddress } from '../../../common/email-address.ts'
import { cn } from '../../lib/cn.ts'
import { contactCopy } from '../content/contact-copy.ts'

/**
 * "Not a valid address", beside an email answer that is not one plain address
 * (the server stores whatever was sent, and mails none of it): the team sees
 * at once that this lead is reached some other way. Nothing for a valid or a
 * blank answer.
 */
export function InvalidEmailMark({ email, className }: { email: string; className?: string }) {
  if (email.trim() === '' || isEmailAddress(email)) return null
  return (
    <span
      className={cn(
        'ml-2 inline-block rounded-full bg-red-100 px-2 text-xs font-semibold whitespace-nowrap text-red-900',
        className,
      )}
    >
      <span className="sr-only">, </span>
      {contactCopy.invalidEmail}
    </span>
  )
}
