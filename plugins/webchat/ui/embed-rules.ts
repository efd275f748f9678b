/** The visitor's public page of a web chat connection. @example webchatPageUrl('https://x.io', 'ABC') */
export const webchatPageUrl = (origin: string, token: string): string => `${origin}/webchat/${token}`;

/** The `<script>` a website embeds to show the web chat button. @example embedSnippet('https://x.io', 'ABC') */
export const embedSnippet = (origin: string, token: string): string =>
  `<script src="${webchatPageUrl(origin, token)}/embed.js"></script>`;
