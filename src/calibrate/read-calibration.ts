import { readJsonFile } from "../io/read-json-file.ts";
import { calibrationSchema, type Calibration } from "../io/schemas/calibration.ts";

/**
 * Reads and validates a calibration file (SPEC 11, `levelramp/calibration@1`).
 *
 * @throws InputError (exit 2) naming the file and JSON path of the first problem.
 */
export function readCalibration(file: string): Calibration {
  return readJsonFile(calibrationSchema, file);
}
