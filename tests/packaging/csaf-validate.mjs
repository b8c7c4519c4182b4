// csaf-validate.mjs MODULES FILE...: the CSAF checks of tests/packaging/csaf-validate
// (which installs the library into MODULES). Prints each failed test with its errors.
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

const [modules, ...files] = process.argv.slice(2)
const lib = (m) => import(pathToFileURL(`${modules}/@secvisogram/csaf-validator-lib/${m}`).href)
const validateStrict = (await lib('validateStrict.js')).default
const schema = await lib('schemaTests.js')
const mandatory = await lib('mandatoryTests.js')
const optional = await lib('optionalTests.js')

let bad = 0
for (const file of files) {
  let doc
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'))
  } catch (e) {
    console.log(`FAIL ${file}: not JSON: ${e.message}`)
    bad++
    continue
  }
  const must = await validateStrict([schema.csaf_2_0_strict, ...Object.values(mandatory)], doc)
  const may = await validateStrict(Object.values(optional), doc)
  for (const t of must.tests) {
    for (const e of t.errors) console.log(`FAIL ${file}: ${t.name}: ${e.instancePath || '/'}: ${e.message}`)
  }
  for (const t of may.tests) {
    for (const w of [...t.errors, ...t.warnings]) console.log(`warn ${file}: ${t.name} (optional): ${w.instancePath || '/'}: ${w.message}`)
  }
  const n = must.tests.length
  if (must.isValid) console.log(`ok   ${file}: schema and ${n - 1} mandatory tests`)
  else bad++
}
process.exit(bad ? 1 : 0)
