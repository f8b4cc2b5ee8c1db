/**
 * The browser's Web Audio API, faked at its edge for component tests (jsdom has none): a context
 * starts suspended, as browsers keep it until a tap, and records every note it is asked to play.
 */
export class FakeAudioContext extends EventTarget {
  static instances: FakeAudioContext[] = [];
  /** Set to false to have resume() refused, as a browser that blocks sound does. */
  static allowResume = true;

  state: "suspended" | "running" | "closed" = "suspended";
  currentTime = 0;
  readonly destination = {};
  notesStarted = 0;

  constructor() {
    super();
    FakeAudioContext.instances.push(this);
  }

  resume(): Promise<void> {
    if (!FakeAudioContext.allowResume) return Promise.reject(new Error("NotAllowedError"));
    this.state = "running";
    this.dispatchEvent(new Event("statechange"));
    return Promise.resolve();
  }

  createOscillator() {
    const node = {
      type: "sine",
      frequency: { value: 0 },
      connect: (target: unknown) => target,
      start: () => {
        this.notesStarted += 1;
      },
      stop: () => {},
    };
    return node;
  }

  createGain() {
    return {
      gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: (target: unknown) => target,
    };
  }

  /** How many times the chime played (each chime is the same number of notes). */
  static chimes(notesPerChime = 6): number {
    return FakeAudioContext.instances.reduce((sum, context) => sum + context.notesStarted, 0) / notesPerChime;
  }

  static reset() {
    FakeAudioContext.instances = [];
    FakeAudioContext.allowResume = true;
  }
}
