/**
 * Where this process's MQTT broker listens, once it does (start.ts sets it; main.ts shares it with
 * the app), so the v1.1 service root lists the MQTT endpoint and its conformance classes only while
 * there is one (OGC 18-088 §9.2.1 serverSettings).
 */
export class MqttEndpoint {
  /** the port the broker listens on; null: no broker (MQTT_PORT=0, or the port was taken) */
  port: number | null = null;

  /** `mqtt://<host>:<port>` for a client that reached the portal as `host`, or null without a broker. */
  urlFor(host: string): string | null {
    return this.port === null ? null : `mqtt://${host}:${this.port}`;
  }
}
