/**
 * Starting the SensorThings MQTT broker beside the web portal (main.ts): on MQTT_PORT of
 * MQTT_HOST (config.ts), and never at the portal's expense — a port that cannot be listened on
 * (in use: a Mosquitto on 1883, say) turns the broker off with one line, and the portal serves.
 */
import type { Config } from '../../../config';
import type { MqttEndpoint } from './endpoint';
import { createMqttBroker, type MqttBroker, type MqttBrokerOptions } from './broker';

/**
 * Starts the broker, saying in one line (`say`) where it listens or why it is off, and noting the
 * port bound in `endpoint`.
 * @returns the broker (close it on shutdown), or null when it is off: MQTT_PORT=0, or listening
 *   failed (EADDRINUSE, EACCES, an address MQTT_HOST names that is not this machine's …)
 */
export async function startMqttBroker(
  config: Pick<Config, 'mqttPort' | 'mqttHost'>,
  options: MqttBrokerOptions,
  say: (line: string) => void,
  endpoint?: MqttEndpoint,
): Promise<MqttBroker | null> {
  const { mqttPort: port, mqttHost: host } = config;
  if (port === 0) {
    say('MQTT: the broker is off (MQTT_PORT=0)');
    return null;
  }
  const broker = await createMqttBroker(options);
  try {
    const bound = await broker.listen(port, host);
    if (endpoint) endpoint.port = bound;
    say(`MQTT broker at mqtt://${host}:${bound} (SensorThings topics v1.0/… and v1.1/…)`);
    return broker;
  } catch (error) {
    await broker.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') say(`MQTT: port ${port} is in use; the broker is off (set MQTT_PORT)`);
    else say(`MQTT: cannot listen on ${host}:${port} (${code ?? (error as Error).message}); the broker is off (set MQTT_PORT or MQTT_HOST)`);
    return null;
  }
}
