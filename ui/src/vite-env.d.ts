/// <reference types="vite/client" />

/** True in a UI built with BALCAO_EXAMPLES=1: the example plugins' entries are bundled (vite.config.ts `define`). */
declare const __BALCAO_EXAMPLES__: boolean;
