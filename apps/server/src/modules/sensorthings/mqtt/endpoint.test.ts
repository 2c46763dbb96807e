/**
 * The v1.1 service root names the MQTT broker while there is one (OGC 18-088 §9.2.1
 * serverSettings): the Observation-creation class in `conformance`, and under its own key the
 * `endpoints` a client connects to, with the host the client reached the portal by. Without a
 * broker (MQTT_PORT=0, or the port taken) neither appears.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { STA_CONFORMANCE, STA_MQTT_CONFORMANCE } from '@eco/contracts/sensorthings';
import { useTestApp } from '../../../test/test-app';
import { SensingBus } from '../../sensing/events';
import { serviceRoot } from '../read';
import { MqttEndpoint } from './endpoint';
import { startMqttBroker } from './start';

const CREATE = STA_MQTT_CONFORMANCE[0];
const root = (endpoint: MqttEndpoint) =>
  serviceRoot({ base: 'https://eco.example/api/v1.1', version: 'v1.1' }, STA_CONFORMANCE, endpoint.urlFor('eco.example')) as {
    serverSettings: Record<string, unknown> & { conformance: string[] };
  };

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('the MQTT endpoint in the service root', () => {
  const ctx = useTestApp();
  const start = async (port: number, endpoint: MqttEndpoint, said: string[]) =>
    startMqttBroker(
      { mqttPort: port, mqttHost: '127.0.0.1' },
      { db: ctx.database.db, bus: new SensingBus(), now: () => new Date() },
      (line) => said.push(line),
      endpoint,
    );

  it('lists the broker where it listens, with the host the client used, under both MQTT classes', async () => {
    const endpoint = new MqttEndpoint();
    const port = await freePort();
    const broker = await start(port, endpoint, []);
    try {
      const { serverSettings } = root(endpoint);
      expect(serverSettings.conformance).toContain(CREATE);
      for (const mqttClass of STA_MQTT_CONFORMANCE) {
        expect(serverSettings.conformance).toContain(mqttClass);
        expect(serverSettings[mqttClass]).toEqual({ endpoints: [`mqtt://eco.example:${port}`] });
      }
      // v1.0 has no serverSettings at all
      expect(serviceRoot({ base: 'https://eco.example/api/v1.0', version: 'v1.0' }, STA_CONFORMANCE, endpoint.urlFor('eco.example'))).not.toHaveProperty(
        'serverSettings',
      );
    } finally {
      await broker?.close();
    }
  });

  it('lists no MQTT class when the broker is off or its port is taken', async () => {
    const off = new MqttEndpoint();
    expect(await start(0, off, [])).toBeNull();
    expect(root(off).serverSettings.conformance).not.toContain(CREATE);
    expect(root(off).serverSettings).not.toHaveProperty(CREATE);

    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const said: string[] = [];
    const endpoint = new MqttEndpoint();
    try {
      expect(await start((taken.address() as net.AddressInfo).port, endpoint, said)).toBeNull();
    } finally {
      taken.close();
    }
    expect(said.join('\n')).toContain('is in use');
    expect(root(endpoint).serverSettings).not.toHaveProperty(CREATE);
  });
});
