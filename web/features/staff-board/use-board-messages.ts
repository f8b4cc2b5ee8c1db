import { useState } from "react";

/** What the board last said: a failure (shown in the open dialog, else above the lanes), a notice, and the Done list's failure. */
export interface BoardMessages {
  failure: string | null;
  notice: string | null;
  recallFailure: string | null;
  fail(message: string | null): void;
  tell(message: string | null): void;
  failRecall(message: string | null): void;
  /** A new action starts: what the last one said goes. */
  clear(): void;
}

export function useBoardMessages(): BoardMessages {
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [recallFailure, setRecallFailure] = useState<string | null>(null);
  return {
    failure,
    notice,
    recallFailure,
    fail: setFailure,
    tell: setNotice,
    failRecall: setRecallFailure,
    clear() {
      setFailure(null);
      setNotice(null);
    },
  };
}
