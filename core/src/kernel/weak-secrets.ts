/**
 * What production refuses as a secret or as the first admin's password: values that are guessed first.
 * The password list holds the stems of the most common passwords (the leading part of public top-10k lists, plus
 * Brazilian-Portuguese, Spanish and Turkish favourites); digits, years and symbols around a stem, letter-for-digit
 * swaps (p@ssw0rd) and case do not make it another password.
 */

/** Stems of the most common passwords, lower case. */
const COMMON_STEMS = new Set(
  `
  1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx a1b2c3 aaa aaaaaa abc abc123 abcd abcdef abcdefg
  abcdefgh access admin admin123 admin1234 administrador administrator amanda amor ana andrew angel
  angel1 ankara apple asdf asdfgh asdfghjkl ashley askim atendimento azerty baby babygirl
  balcao banana baseball basketball batman benimsifrem besiktas blessed brasil brazil bruno business
  buster carlos change changeme charlie cheese chocolate cisco clave company computer contrasena
  contraseña cookie corinthians corvette cruzeiro daniel daniela database default deus dragon empresa
  eusoufeliz facebook faith family father felipe fenerbahce fernanda ferrari flamengo flower football
  forever freedom friends futebol gabriel galatasaray gerente ginger god google gremio guest
  guest123 gustavo harley heaven hello hello123 helpdesk hi hockey hola honda hunter
  iloveu iloveyou instagram internet istanbul jennifer jessica jesus jesuscristo joao jordan jose
  joshua juliana killer letmein letmein1 linux login logon love lovely lover loveyou
  loving lucas manager marcos maria mariana master matrix matthew mercedes michael microsoft
  monkey mother mustang mybaby mysql naruto nicole ninja office oracle orange palmeiras
  parola pass passw0rd passwd password password1 password123 paulo pedro pepper pokemon porsche
  postgres princess qazwsx qwe qweasd qweasdzxc qwerty qwerty123 qwertyuiop qwertz rafael ranger
  robert rodrigo root root123 samsung santos saopaulo secret secreto segredo senha senha123
  senha1234 seni server sevgilim seviyorum shadow sifre sifre123 soccer spiderman starwars summer
  sunshine superman suporte support sweetheart sweety teamo teamo123 temp temporary tequiero test
  test123 teste testing thomas toor toyota trabzonspor trustno1 turkiye twitter ubuntu user
  user123 usuario vasco vendas welcome welcome1 whatever whaticket whatsapp windows winter yamaha
  zaq12wsx zxcvbn zxcvbnm
`
    .trim()
    .split(/\s+/),
);

/** Common passwords that are digits or keyboard runs only (they have no stem to find). */
const COMMON_RUNS = new Set(
  `
  000000 101010 102030 10203040 111111 11111111 112233 11223344 1122334455 121212 123 123123
  123321 1234 12345 123456 1234567 12345678 123456789 1234567890 1234qwer 123abc 123qwe 131313
  147258 147852 159753 1qazxsw2 222222 456789 555555 654321 666666 696969 741852 7777777
  789456 88888888 963852 987654321 999999 abc123456 asd123 q1w2e3r4 qwe123 qwer1234 qwerty1 zxc123
`
    .trim()
    .split(/\s+/),
);

/** Words that mark a placeholder secret copied from an example rather than generated. */
const PLACEHOLDER_WORDS = [
  'changeme',
  'changethis',
  'replaceme',
  'yoursecret',
  'mysecret',
  'secretkey',
  'jwtsecret',
  'refreshsecret',
  'sessionsecret',
  'placeholder',
  'example',
  'default',
  'password',
  'senha',
];

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

/** Fewer distinct characters than this in a secret means a repeated one ('aaaa…', 'abab…'). */
const MIN_DISTINCT_SECRET_CHARS = 10;

/**
 * True when `password` is one of the first passwords an attacker tries.
 * @example isCommonPassword('Senha@2024') === true; isCommonPassword('violeta-trem-azul-42') === false
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.trim().toLowerCase();
  if (COMMON_RUNS.has(lower) || new Set(lower).size <= 3) return true;
  // The stem: without the digits and symbols people add around a word, then with digits read as letters.
  const stem = lower.replace(/^[^a-zà-ÿğışç]+|[^a-zà-ÿğışç]+$/g, '');
  if (stem === '') return true;
  if (COMMON_STEMS.has(stem) || COMMON_STEMS.has(lower)) return true;
  const unleet = (text: string) => [...text].map((c) => LEET[c] ?? c).join('');
  return COMMON_STEMS.has(unleet(stem)) || COMMON_STEMS.has(unleet(lower));
}

/**
 * Why `secret` is guessable, or null: a few characters repeated, or a placeholder word from an example file.
 * @example weakSecretReason('a'.repeat(40)) === 'repeats a few characters'
 */
export function weakSecretReason(secret: string): string | null {
  if (new Set(secret).size < MIN_DISTINCT_SECRET_CHARS) return 'repeats a few characters';
  const letters = secret.toLowerCase().replace(/[^a-z]/g, '');
  const word = PLACEHOLDER_WORDS.find((w) => letters.includes(w));
  return word ? `looks like a placeholder ("${word}")` : null;
}
