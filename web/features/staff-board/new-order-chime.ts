/**
 * A short two-note chime for a new order, drawn with the Web Audio API (no sound file to load).
 * Browsers let a page play sound only after the person has tapped or pressed a key on it, so
 * the chime is armed by the first such gesture; until then `armed` is false and the board says so.
 */
export interface NewOrderChime {
  armed: boolean;
  /** Arms the chime; call from a tap or key press. */
  arm(): void;
  play(): void;
}

export function createNewOrderChime(): NewOrderChime {
  let context: AudioContext | null = null;
  return {
    get armed() {
      return context !== null && context.state === "running";
    },
    arm() {
      if (typeof window === "undefined" || !("AudioContext" in window)) return;
      context ??= new AudioContext();
      if (context.state === "suspended") void context.resume();
    },
    play() {
      if (!context || context.state !== "running") return;
      const start = context.currentTime;
      [880, 1320].forEach((frequency, index) => {
        const oscillator = context!.createOscillator();
        const gain = context!.createGain();
        oscillator.type = "sine";
        oscillator.frequency.value = frequency;
        const at = start + index * 0.18;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
        oscillator.connect(gain).connect(context!.destination);
        oscillator.start(at);
        oscillator.stop(at + 0.17);
      });
    },
  };
}
