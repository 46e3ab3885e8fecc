/** A short two-tone chime at volume 0.5, made with Web Audio: no sound file to download. */
export function playMessageSound(): void {
  try {
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    const context = new Context();
    const gain = context.createGain();
    gain.gain.value = 0.5;
    gain.connect(context.destination);
    [880, 1320].forEach((frequency, i) => {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(context.currentTime + i * 0.12);
      tone.stop(context.currentTime + i * 0.12 + 0.1);
    });
    setTimeout(() => void context.close(), 500);
  } catch {
    // No sound is better than a broken page (autoplay rules, no audio device).
  }
}
