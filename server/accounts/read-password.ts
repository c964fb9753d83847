import { AccountError } from './accounts.ts'

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
  if (password === '')
    throw new AccountError('No password on standard input: pipe one in, or run this at a terminal to be asked for it.')
  return password
}

/** Asks at the terminal without echo, twice, so a typo is not what gets stored. */
export async function promptPassword(
  input: NodeJS.ReadStream,
  output: NodeJS.WritableStream,
  email: string,
): Promise<string> {
  const [first, again] = await promptHidden(input, output, [`Password for ${email}: `, 'Again, to confirm: '])
  if (first !== again) throw new AccountError('The two passwords differ; nothing was changed.')
  return first ?? ''
}

const CTRL_C = '\u0003'
const CTRL_D = '\u0004'
const BACKSPACE = new Set(['\u007f', '\b'])

/**
 * One answer per prompt, read in raw mode: the terminal shows nothing typed,
 * and Enter arrives as a character. Raw mode is on before the first prompt
 * appears and stays on until the last answer, so nothing typed ahead is echoed.
 */
function promptHidden(
  input: NodeJS.ReadStream,
  output: NodeJS.WritableStream,
  prompts: readonly string[],
): Promise<string[]> {
  input.setRawMode(true)
  input.setEncoding('utf8')
  input.resume()
  output.write(prompts[0] ?? '')
  return new Promise((resolve, reject) => {
    const answers: string[] = []
    let typed = ''
    let afterCarriageReturn = false
    const finish = (outcome: () => void) => {
      input.off('data', onData)
      input.setRawMode(false)
      input.pause()
      outcome()
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        // A terminal sends \r for Enter; something pasting \r\n is one Enter too.
        const lineFeedOfCrLf = char === '\n' && afterCarriageReturn
        afterCarriageReturn = char === '\r'
        if (lineFeedOfCrLf) continue
        if (char === '\r' || char === '\n') {
          output.write('\n')
          answers.push(typed)
          typed = ''
          if (answers.length === prompts.length) return finish(() => resolve(answers))
          output.write(prompts[answers.length] ?? '')
        } else if (char === CTRL_C || (char === CTRL_D && typed === '')) {
          output.write('\n')
          return finish(() => reject(new AccountError('Cancelled; nothing was changed.')))
        } else {
          typed = BACKSPACE.has(char) ? [...typed].slice(0, -1).join('') : typed + char
        }
      }
      return undefined
    }
    input.on('data', onData)
  })
}
