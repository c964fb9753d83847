import { AccountError } from '../admin/accounts.ts'

/**
 * A password from standard input: everything up to the first line end (a
 * password is one line), so `printf '%s\n' "$PASSWORD" |` and a here-string
 * both work.
 */
export async function readPasswordFromStream(input: NodeJS.ReadableStream): Promise<string> {
  let text = ''
  input.setEncoding('utf8')
  for await (const chunk of input) {
    text += String(chunk)
    if (/[\r\n]/.test(text)) break
  }
  const password = text.split(/\r?\n|\r/)[0] ?? ''
  if (password === '') throw new AccountError('No password on standard input: pipe one in, or run this at a terminal to be asked for it.')
  return password
}

/** Asks at the terminal without echo, twice, so a typo is not what gets stored. */
export async function promptPassword(input: NodeJS.ReadStream, output: NodeJS.WritableStream, email: string): Promise<string> {
  const first = await promptHidden(input, output, `Password for ${email}: `)
  const again = await promptHidden(input, output, 'Again, to confirm: ')
  if (first !== again) throw new AccountError('The two passwords differ; nothing was changed.')
  return first
}

const ENTER = new Set(['\r', '\n'])
const CTRL_C = '\u0003'
const CTRL_D = '\u0004'
const BACKSPACE = new Set(['\u007f', '\b'])

function promptHidden(input: NodeJS.ReadStream, output: NodeJS.WritableStream, prompt: string): Promise<string> {
  output.write(prompt)
  // Raw mode: the terminal shows nothing typed, and Enter arrives as a character.
  input.setRawMode(true)
  input.setEncoding('utf8')
  input.resume()
  return new Promise((resolve, reject) => {
    let typed = ''
    const finish = (outcome: () => void) => {
      input.off('data', onData)
      input.setRawMode(false)
      input.pause()
      output.write('\n')
      outcome()
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (ENTER.has(char)) return finish(() => resolve(typed))
        if (char === CTRL_C || (char === CTRL_D && typed === '')) return finish(() => reject(new AccountError('Cancelled; nothing was changed.')))
        typed = BACKSPACE.has(char) ? [...typed].slice(0, -1).join('') : typed + char
      }
      return undefined
    }
    input.on('data', onData)
  })
}
