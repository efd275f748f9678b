import type { UiApi } from '@balcao/sdk/ui';

/** Saves the sample sheet: the API answers it as base64 (the shell's client reads JSON), the browser saves a Blob. */
export async function downloadSample(api: UiApi): Promise<void> {
  const { fileName, base64 } = await api.get<{ fileName: string; base64: string }>('/contact-lists/sample');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
