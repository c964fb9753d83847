/** The inbox's words for reaching a lead. */
export const contactCopy = {
  label: 'Contact',
  phone: 'Phone',
  email: 'Email',
  instagram: 'Instagram',
  copy: (what: string) => `Copy ${what.toLowerCase()}`,
  copied: (what: string) => `${what} copied.`,
  copyFailed: 'The browser did not allow copying: select the text and copy it with Ctrl+C or ⌘C.',
  none: '—',
  invalidEmail: 'not a valid address',
}
