#include "render/shader_program.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace render {

namespace fs = std::filesystem;

std::string findShaderDir(std::string& error) {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    const fs::path exeDir = ec ? fs::current_path() : exe.parent_path();
    const std::vector<fs::path> candidates = {
        exeDir / "shaders",                // next to the program
        exeDir.parent_path() / "shaders",  // build/<preset>/app/pbd-sandbox
        exeDir.parent_path() / "share" / "pbd-sandbox" / "shaders",  // installed
    };
    for (const fs::path& dir : candidates)
        if (fs::exists(dir / "surface.vert", ec)) return dir.string();
    error = "shader folder not found; looked in:";
    for (const fs::path& dir : candidates) error.append(" ").append(dir.string());
    return {};
}

namespace {

std::string readFile(const std::string& path, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot read shader file " + path;
        return {};
    }
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

GLuint compile(GLenum type, const std::string& path, std::string& error) {
    const std::string source = readFile(path, error);
    if (!error.empty()) return 0;
    GLuint shader = glCreateShader(type);
    const char* text = source.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        error = path + ": " + log;
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

}  // namespace

ShaderProgram::~ShaderProgram() {
    if (program_) glDeleteProgram(program_);
}

std::string ShaderProgram::load(const std::string& dir, const std::string& name) {
    std::string error;
    const std::string base = dir + "/" + name;
    GLuint vs = compile(GL_VERTEX_SHADER, base + ".vert", error);
    if (!vs) return error;
    GLuint fs = compile(GL_FRAGMENT_SHADER, base + ".frag", error);
    if (!fs) {
        glDeleteShader(vs);
        return error;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetProgramInfoLog(program, sizeof log, nullptr, log);
        glDeleteProgram(program);
        return base + " (link): " + log;
    }
    if (program_) glDeleteProgram(program_);
    program_ = program;
    return {};
}

}  // namespace render
