/**
 * The new-order sound, drawn with the Web Audio API (no sound file to load): three rising notes
 * played twice, about 1.5 s, loud enough beside a blender. Browsers let a page play sound only
 * after the person has tapped or pressed a key on it, so the chime is armed by such a gesture;
 * until then, or when the browser keeps it suspended, its state is not "on" and the staff pages
 * say so with a button to turn it on.
 */
export type ChimeState = "off" | "on" | "blocked";

export interface NewOrderChime {
  readonly state: ChimeState;
  /** Arms the chime; call from a tap or key press. */
  arm(): void;
  play(): void;
  /** Hears every change of `state`; returns how to stop listening. */
  subscribe(listener: () => void): () => void;
}

const NOTES_HZ = [784, 988, 1319];
const NOTE_SECONDS = 0.2;
const REPEATS = 2;

export function createNewOrderChime(): NewOrderChime {
  let context: AudioContext | null = null;
  let refused = false;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  return {
    get state(): ChimeState {
      if (context?.state === "running") return "on";
      return refused || (context !== null && context.state === "suspended") ? "blocked" : "off";
    },
    arm() {
      if (typeof window === "undefined" || !("AudioContext" in window)) return;
      if (!context) {
        context = new AudioContext();
        context.addEventListener("statechange", changed);
      }
      if (context.state === "suspended") {
        context.resume().then(
          () => {
            refused = false;
            changed();
          },
          () => {
            refused = true;
            changed();
          },
        );
      }
      changed();
    },
    play() {
      if (!context || context.state !== "running") return;
      const audio = context;
      const start = audio.currentTime;
      for (let repeat = 0; repeat < REPEATS; repeat += 1) {
        NOTES_HZ.forEach((frequency, index) => {
          const oscillator = audio.createOscillator();
          const gain = audio.createGain();
          oscillator.type = "triangle";
          oscillator.frequency.value = frequency;
          const at = start + repeat * 0.8 + index * NOTE_SECONDS;
          gain.gain.setValueAtTime(0.0001, at);
          gain.gain.exponentialRampToValueAtTime(0.8, at + 0.02);
          gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_SECONDS * 0.95);
          oscillator.connect(gain).connect(audio.destination);
          oscillator.start(at);
          oscillator.stop(at + NOTE_SECONDS);
        });
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
