import { readJsonFile } from "../io/read-json-file.ts";
import { calibrationSchema, type Calibration } from "../io/schemas/calibration.ts";
import { checkCalibration } from "./check-calibration.ts";

/**
 * Reads and validates a calibration file (SPEC 11, `levelramp/calibration@1`):
 * its schema, then every field's domain and the relations between the
 * fields (`checkCalibration`).
 *
 * @throws InputError (exit 2) naming the file and JSON path of the first problem.
 */
export function readCalibration(file: string): Calibration {
  return checkCalibration(readJsonFile(calibrationSchema, file), file);
}
